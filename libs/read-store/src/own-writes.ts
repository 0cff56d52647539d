import type { CommandOutcome, DomainEvent, RecordedEvent } from '@vetted/event-store';
import { applyEvent } from './projection';
import type { Projection } from './projection';
import type { Collection, StoredDocument } from './read-store';

/**
 * The document a revision-guarded projection will hold once it has seen a command's new
 * events: the stored document, with the events it has not seen yet folded in through the
 * projection's own `evolve`. Commands render their response from it, so a response never
 * depends on how far the projectors have got, and there is one way to compute a document.
 */
export async function documentAfter<D extends StoredDocument>(
  projection: Projection<D>,
  collection: Collection<D>,
  streamId: string,
  outcome: Pick<CommandOutcome<unknown, DomainEvent>, 'newEvents' | 'revision' | 'position'>,
  documentId: string,
): Promise<D | null> {
  let doc = await collection.get(documentId);
  const first = outcome.revision - outcome.newEvents.length + 1;
  const scratch: Collection<D> = {
    get: async () => doc,
    put: async (next) => {
      doc = next;
      return 'written';
    },
    delete: async () => {
      doc = null;
    },
    find: () => Promise.reject(new Error('not used')),
    count: async () => (doc ? 1 : 0),
    clear: async () => {
      doc = null;
    },
  };
  for (const [i, event] of outcome.newEvents.entries()) {
    const recorded: RecordedEvent = {
      id: '',
      streamId,
      revision: first + i,
      position: outcome.position ?? { commit: 0n, prepare: 0n },
      type: event.type,
      data: event.data,
      metadata: {},
      createdAt: '',
    };
    if (projection.documentId(recorded) === documentId) await applyEvent(projection, scratch, recorded);
  }
  return doc;
}
