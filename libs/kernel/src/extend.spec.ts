import fc from 'fast-check';
import { extend } from './extend';

describe('extend', () => {
  it('is the spread: same keys, same order, later fields replace, base untouched', () => {
    const base = { a: 1, b: 'two', c: [3] };
    const out = extend(base, { b: 'replaced', d: 4 });
    const spread = { ...base, b: 'replaced', d: 4 };
    expect(out).toEqual(spread);
    expect(Object.keys(out)).toEqual(Object.keys(spread));
    expect(out).not.toBe(base);
    expect(base).toEqual({ a: 1, b: 'two', c: [3] });
    expect(out.c).toBe(base.c);
  });

  it('is the spread when every field replaces one of base, and base is untouched', () => {
    const base = { a: 1, b: 'two', c: [3] };
    const out = extend(base, { c: [4], a: 5 });
    expect(out).toEqual({ a: 5, b: 'two', c: [4] });
    expect(Object.keys(out)).toEqual(['a', 'b', 'c']);
    expect(base).toEqual({ a: 1, b: 'two', c: [3] });
  });

  it('copies own properties only, as the spread does, whether fields replace or add', () => {
    const base = Object.assign(Object.create({ inherited: 1 }) as object, { own: 2 });
    expect(extend(base, { own: 3 })).toEqual({ own: 3 });
    expect(Object.keys(extend(base, { inherited: 4 }))).toEqual(['own', 'inherited']);
    expect(Object.getPrototypeOf(extend(base, { own: 3 }))).toBe(Object.prototype);
  });

  it('equals the spread on random objects, key order included', () => {
    const record = fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd', 'e', '1', 'x_y'), fc.jsonValue());
    fc.assert(
      fc.property(record, record, (base, fields) => {
        const out = extend(base, fields);
        const spread = { ...base, ...fields };
        expect(out).toEqual(spread);
        expect(Object.keys(out)).toEqual(Object.keys(spread));
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps undefined fields as keys, as the spread does', () => {
    const out = extend({ a: 1 }, { a: undefined, b: undefined });
    expect(Object.keys(out)).toEqual(['a', 'b']);
    expect(out.a).toBeUndefined();
  });

  it('types a replaced field as the new one', () => {
    const out: { id: string; n: number } = extend({ id: 1, n: 2 }, { id: 'x' });
    expect(out).toEqual({ id: 'x', n: 2 });
  });
});
