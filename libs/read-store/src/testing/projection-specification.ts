import type { NewEvent, RecordedEvent } from '@vetted/event-store';
import { positionOf } from '@vetted/event-store';
import { MemoryReadStore } from '../memory/memory-read-store';
import { applyEvent, type Projection } from '../projection';
import type { StoredDocument } from '../read-store';

/** Recorded events as the store would deliver them: consecutive revisions per stream, rising positions. */
export function recorded(events: (NewEvent & { streamId: string })[], firstPosition = 1): RecordedEvent[] {
  const revisions = new Map<string, number>();
  return events.map((event, i) => {
    const revision = (revisions.get(event.streamId) ?? -1) + 1;
    revisions.set(event.streamId, revision);
    return {
      id: event.id ?? `00000000-0000-4000-8000-${String(firstPosition + i).padStart(12, '0')}`,
      streamId: event.streamId,
      revision,
      position: positionOf(firstPosition + i),
      type: event.type,
      data: event.data,
      metadata: event.metadata ?? {},
      createdAt: '2026-11-21T10:00:00.000Z',
    };
  });
}

/**
 * Projects the events, then projects them all again (at-least-once delivery), and checks that
 * the second pass changed nothing. Returns the documents, ordered by id.
 */
export async function projectTwice<D extends StoredDocument>(
  projection: Projection<D>,
  events: RecordedEvent[],
): Promise<D[]> {
  const collection = new MemoryReadStore().collection<D>(projection.collection);
  const snapshot = async () => {
    const docs: D[] = [];
    for (const id of new Set(
      events.map((e) => projection.documentId(e)).filter((id): id is string => id !== null),
    )) {
      const doc = await collection.get(id);
      if (doc) docs.push(structuredClone(doc));
    }
    return docs.sort((a, b) => (a._id < b._id ? -1 : 1));
  };
  for (const event of events)
    if (projection.canHandle.includes(event.type)) await applyEvent(projection, collection, event);
  const once = await snapshot();
  for (const event of events)
    if (projection.canHandle.includes(event.type)) await applyEvent(projection, collection, event);
  expect(await snapshot()).toEqual(once);
  return once;
}
