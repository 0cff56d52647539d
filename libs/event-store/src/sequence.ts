import type { EventStore } from './event-store';
import { sequenceStream } from './stream-names';

/**
 * Allocates the next number of a kind (wallet ids, session ids) from its sequence stream.
 * Each allocation is one append: the store gives every event of a stream a distinct revision,
 * so revision + 1 is unique without a read or a retry. Numbers whose resource was never
 * created (a rejected request) leave gaps, as database sequences do.
 */
export async function allocateNumbers(store: EventStore, kind: string, count: number): Promise<number[]> {
  const events = Array.from({ length: count }, () => ({ type: 'NumberAllocated', data: { kind } }));
  const { nextExpectedRevision } = await store.appendToStream(sequenceStream(kind), events, {
    expectedRevision: 'any',
  });
  const first = nextExpectedRevision + 2 - count;
  return events.map((_, i) => first + i);
}
