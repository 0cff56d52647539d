import fc from 'fast-check';
import type { Scalar } from '../read-store';
import { compareEntries } from './sort-order';
import { SortedBucket, takeNext, type IndexEntry } from './sorted-bucket';

type Step = { insert: boolean; value: number; id: string };

const step = fc.record({
  insert: fc.boolean(),
  value: fc.integer({ min: 0, max: 10 }),
  id: fc.integer({ min: 10, max: 60 }).map(String),
});

/** Replays the steps on a bucket with tiny leaves (to split and merge often) and on a sorted array. */
function replay(steps: Step[], leafSize: number): { bucket: SortedBucket; model: IndexEntry[] } {
  const bucket = new SortedBucket(leafSize);
  const model: IndexEntry[] = [];
  for (const { insert, value, id } of steps) {
    const at = model.findIndex((e) => e.id === id);
    if (insert && at === -1) {
      bucket.insert({ value, id });
      model.push({ value, id });
    } else if (!insert) {
      const present = at !== -1 && model[at].value === value;
      expect(bucket.remove(value, id)).toBe(present);
      if (present) model.splice(at, 1);
    }
  }
  model.sort((a, b) => compareEntries(a.value, a.id, b.value, b.id));
  return { bucket, model };
}

function drain(bucket: SortedBucket, direction: 'asc' | 'desc', after?: { value: Scalar; id: string }) {
  const walker = bucket.walk(direction, after);
  const out: IndexEntry[] = [];
  for (let entry = takeNext([walker], direction); entry; entry = takeNext([walker], direction))
    out.push(entry);
  return out;
}

describe('SortedBucket', () => {
  it('walks its entries in order, from any position, whatever the inserts and removals', () => {
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 300 }),
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: -1, max: 11 }),
        fc.constantFrom('0', '35', '99'),
        fc.nat(),
        (steps, leafSize, afterValue, afterId, pick) => {
          const { bucket, model } = replay(steps, leafSize);
          expect(bucket.size).toBe(model.length);
          expect(drain(bucket, 'asc')).toEqual(model);
          expect(drain(bucket, 'desc')).toEqual([...model].reverse());
          // Half the time the walk starts from a stored entry, as a real cursor does.
          const after =
            model.length > 0 && pick % 2 === 0
              ? model[pick % model.length]
              : { value: afterValue, id: afterId };
          const beyond = (e: IndexEntry) => compareEntries(e.value, e.id, after.value, after.id);
          expect(drain(bucket, 'asc', after)).toEqual(model.filter((e) => beyond(e) > 0));
          expect(drain(bucket, 'desc', after)).toEqual(model.filter((e) => beyond(e) < 0).reverse());
        },
      ),
      { numRuns: 300 },
    );
  });

  it('appends increasing entries into full leaves', () => {
    const bucket = new SortedBucket(4);
    for (let i = 0; i < 10; i++) bucket.insert({ value: i, id: 'x' });
    expect(drain(bucket, 'asc').map((e) => e.value)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(bucket.size).toBe(10);
  });
});
