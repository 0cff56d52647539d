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
