import fc from 'fast-check';
import { bucketKey, bucketKeys } from './bucket-key';

describe('bucket keys', () => {
  it('keeps values of different types apart', () => {
    const keys = [1, '1', true, 'true', null, 'null', 0, '', false].map(bucketKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keys a missing field as null', () => {
    expect(bucketKey(undefined)).toBe(bucketKey(null));
  });

  it('uses an ordinary value as its own key, allocating nothing', () => {
    expect(bucketKey('user-42')).toBe('user-42');
    expect(bucketKey(7)).toBe(7);
    expect(bucketKey(false)).toBe(false);
  });

  it('cannot be forged by a string that looks like a tagged key', () => {
    const tagged = [10n ** 20n, { a: 1 }, [1, 2]].map(bucketKey);
    for (const key of tagged) {
      expect(typeof key).toBe('string');
      expect(bucketKey(key)).not.toBe(key);
    }
    expect(bucketKey('\u0002s')).not.toBe(bucketKey('s'));
  });

  it('meets a bigint and the number of the same value, and tells JSON values apart', () => {
    expect(bucketKey(42n)).toBe(bucketKey(42));
    expect(bucketKey(10n ** 20n)).not.toBe(bucketKey(10n ** 20n + 1n));
    expect(bucketKey({ a: 1 })).toBe(bucketKey({ a: 1 }));
    expect(bucketKey({ a: 1 })).not.toBe(bucketKey({ a: '1' }));
  });

  it('is injective over random values, as a Map compares keys', () => {
    const value = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.bigInt());
    fc.assert(
      fc.property(value, value, (a, b) => {
        const asNumber = (v: unknown): unknown =>
          typeof v === 'bigint' && Number.isSafeInteger(Number(v)) ? Number(v) : v;
        const same = asNumber(a) === asNumber(b);
        return same === (new Map([[bucketKey(a), true]]).get(bucketKey(b)) === true);
      }),
      { numRuns: 3000 },
    );
  });

  it('expands IN values without duplicates', () => {
    expect(bucketKeys(['x', 'y', 'x'])).toEqual(['x', 'y']);
    expect(bucketKeys([])).toEqual([]);
    expect(bucketKeys('x')).toEqual(['x']);
    expect(bucketKeys(undefined)).toEqual([null]);
  });
});
