import { decodeJson, encodeJson, sha256Hex, storeJson } from './json-codec';

describe('json codec', () => {
  it('encodes equal payloads identically, whatever their key order', () => {
    const a = encodeJson({ b: 1n, a: { y: [2n, 'x'], x: null } });
    const b = encodeJson({ a: { x: null, y: [2n, 'x'] }, b: 1n });
    expect(a).toBe(b);
    expect(sha256Hex(a)).toBe(sha256Hex(b));
    expect(encodeJson({ a: undefined, b: 1 })).toBe('{"b":1}');
  });

  it('round-trips bigints without mistaking strings for them', () => {
    const value = { amount: 10n ** 30n, negative: -5n, text: '123n', tagged: { $bigint: 'no', other: 1 } };
    expect(decodeJson(encodeJson(value))).toEqual(value);
    expect(decodeJson(storeJson(value))).toEqual(value);
  });
});
