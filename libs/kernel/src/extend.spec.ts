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
