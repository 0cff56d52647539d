import type { EventStore } from './event-store';
import { sequenceStream } from './stream-names';

/**
 * Allocates the next number of a kind (wallet ids, session ids) from its sequence stream.
 * Each allocation is one append: the store gives every event of a stream a distinct revision,
 * so revision + 1 is unique without a read or a retry. Numbers whose resource was never
 * created (a rejected request) leave gaps, as database sequences do.
 */
export async function allocateNumber(store: EventStore, kind: string): Promise<number> {
  const { nextExpectedRevision } = await store.appendToStream(
    sequenceStream(kind),
    [{ type: 'NumberAllocated', data: { kind } }],
    { expectedRevision: 'any' },
  );
  return nextExpectedRevision + 1;
}
