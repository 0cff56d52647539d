import fc from 'fast-check';
import { canonicalJson, requestHash } from './canonical-json';

/** The same value with every object's keys inserted in reverse order. */
const reversed = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(reversed)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .reverse()
            .map(([k, v]) => [k, reversed(v)]),
        )
      : value;

describe('canonical JSON', () => {
  it('sorts keys at every level and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { y: 1, x: 0 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"x":0,"y":1}]},"b":1}',
    );
  });

  it('hashes equal requests alike whatever their key order, and different ones apart', () => {
    expect(requestHash({ a: 1, b: '2' })).toBe(requestHash({ b: '2', a: 1 }));
    expect(requestHash({ a: 1, b: '2' })).not.toBe(requestHash({ a: 1, b: '3' }));
    expect(requestHash({ a: '1' })).not.toBe(requestHash({ a: 1 }));
  });

  it('is the same text whatever the key order, and reads back to the same value, for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        expect(canonicalJson(reversed(value))).toBe(text);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it('sorts every key by code unit, integer-like ones included, and leaves out what JSON leaves out', () => {
    expect(canonicalJson({ b: 1, '10': 2, '': 3, '9': 4 })).toBe('{"":3,"10":2,"9":4,"b":1}');
    expect(canonicalJson({ b: undefined, a: [undefined, 1], c: { toJSON: () => 'x' } })).toBe(
      '{"a":[null,1],"c":"x"}',
    );
  });

  it('writes every string as JSON.stringify does, those it must escape included', () => {
    const strings = [
      'plain',
      '',
      'a"b',
      'back\\slash',
      'tab\there',
      '\u0000\u001f\u007f',
      '\u2028\u2029',
      '😀',
      '\ud800',
      'x\udfffy',
      'é',
    ];
    for (const text of strings) {
      expect(canonicalJson(text)).toBe(JSON.stringify(text));
      expect(canonicalJson({ [text]: text })).toBe(`{${JSON.stringify(text)}:${JSON.stringify(text)}}`);
    }
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) =>
        expect(canonicalJson(text)).toBe(JSON.stringify(text)),
      ),
    );
  });
});
