import type { CommandOutcome, DomainEvent, RecordedEvent } from '@vetted/event-store';
import { type Projection, projectionStep } from './projection';
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
    if (projection.documentId(recorded) !== documentId) continue;
    // The projector's own step (version guard included), applied to this copy instead of the store.
    const step = projectionStep(projection, documentId, doc, recorded);
    if (step.kind === 'put') doc = step.doc;
    else if (step.kind === 'delete') doc = null;
  }
  return doc;
}
