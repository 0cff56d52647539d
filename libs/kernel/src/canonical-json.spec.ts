import { canonicalJson, requestHash } from './canonical-json';

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
});
