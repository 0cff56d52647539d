import fc from 'fast-check';
import { equalityKey, equalityKeys } from './equality-key';

describe('equality keys', () => {
  it('keeps values of different types apart', () => {
    const keys = [1, '1', true, 'true', null, 'null', 0, '', false].map((v) => equalityKey({ f: v }, ['f']));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keys a missing field as null', () => {
    expect(equalityKey({}, ['f'])).toBe(equalityKey({ f: null }, ['f']));
  });

  it('cannot confuse where one value ends and the next begins', () => {
    const fields = ['a', 'b'];
    expect(equalityKey({ a: 'ab', b: 'c' }, fields)).not.toBe(equalityKey({ a: 'a', b: 'bc' }, fields));
    expect(equalityKey({ a: 's1:x', b: '' }, fields)).not.toBe(equalityKey({ a: '', b: 's1:x' }, fields));
    expect(equalityKey({ a: 12, b: 3 }, fields)).not.toBe(equalityKey({ a: 1, b: 23 }, fields));
    // Strings holding the reserved characters are tagged, so they cannot forge a separator or a tag.
    expect(equalityKey({ a: 'x\u0001\u0002t', b: 'y' }, fields)).not.toBe(
      equalityKey({ a: 'x', b: true }, fields),
    );
    expect(equalityKey({ a: '\u0002t', b: '' }, fields)).not.toBe(equalityKey({ a: true, b: '' }, fields));
  });

  it('is injective over random value lists', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)), {
          minLength: 2,
          maxLength: 2,
        }),
        fc.array(fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)), {
          minLength: 2,
          maxLength: 2,
        }),
        ([a1, b1], [a2, b2]) => {
          const same = Object.is(a1, a2) && Object.is(b1, b2);
          const fields = ['a', 'b'];
          return same === (equalityKey({ a: a1, b: b1 }, fields) === equalityKey({ a: a2, b: b2 }, fields));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('uses an ordinary string as its own key, allocating nothing', () => {
    expect(equalityKey({ id: 'user-42' }, ['id'])).toBe('user-42');
  });

  it('expands IN values in index field order, without duplicates', () => {
    const fields = ['a', 'b'];
    expect(equalityKeys({ b: ['x', 'y', 'x'], a: 1 }, fields)).toEqual([
      equalityKey({ a: 1, b: 'x' }, fields),
      equalityKey({ a: 1, b: 'y' }, fields),
    ]);
    expect(equalityKeys({ a: [], b: 'x' }, fields)).toEqual([]);
    expect(equalityKeys({}, [])).toEqual(['']);
  });
});
