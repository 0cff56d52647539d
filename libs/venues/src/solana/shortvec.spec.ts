import { decodeShortVec, encodeShortVec, shortVecLength } from './shortvec';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('shortvec (compact-u16)', () => {
  it.each([
    [0, '00'],
    [1, '01'],
    [127, '7f'],
    [128, '8001'],
    [255, 'ff01'],
    [16383, 'ff7f'],
    [16384, '808001'],
    [65535, 'ffff03'],
  ])('encodes %i as %s', (value, expected) => {
    expect(hex(encodeShortVec(value))).toBe(expected);
    expect(shortVecLength(value)).toBe(expected.length / 2);
    expect(decodeShortVec(Buffer.from(expected, 'hex'), 0)).toEqual({ value, next: expected.length / 2 });
  });

  it('round-trips every value and reads at an offset', () => {
    for (let value = 0; value <= 0xffff; value++) {
      const bytes = Uint8Array.from([9, ...encodeShortVec(value), 9]);
      expect(decodeShortVec(bytes, 1)).toEqual({ value, next: bytes.length - 1 });
    }
  });

  it.each([
    ['', 'empty'],
    ['80', 'truncated'],
    ['ff80', 'truncated after two bytes'],
    ['8000', 'not minimal (trailing zero byte)'],
    ['808000', 'not minimal (two trailing zero bytes)'],
    ['ffff04', 'above 65535'],
    ['808080', 'continuation on the third byte'],
  ])('refuses %s (%s)', (input) => {
    expect(decodeShortVec(Buffer.from(input, 'hex'), 0)).toBeNull();
  });

  it.each([-1, 65536, 1.5, NaN])('refuses to encode %d', (value) => {
    expect(() => encodeShortVec(value)).toThrow(RangeError);
  });
});
