import fc from 'fast-check';
import { AmountFormatError, formatUnits, parseRawAmount, parseUnits } from './units';

describe('formatUnits', () => {
  it.each([
    [1500000n, 6, '1.5'],
    [0n, 6, '0'],
    [1n, 18, '0.000000000000000001'],
    [123n, 0, '123'],
    [100000000n, 8, '1'],
    [-2500n, 3, '-2.5'],
    [10n ** 30n, 18, '1000000000000'],
  ])('formats %p with %p decimals as %p', (raw, decimals, expected) => {
    expect(formatUnits(raw, decimals)).toBe(expected);
  });
});

describe('parseUnits', () => {
  it.each([
    ['1.5', 6, 1500000n],
    ['0', 6, 0n],
    ['0.000001', 6, 1n],
    ['1.50', 6, 1500000n],
    ['1.500000000', 6, 1500000n],
    ['12', 0, 12n],
    ['1000000000000.000000000000000001', 18, 10n ** 30n + 1n],
  ])('parses %p with %p decimals', (value, decimals, expected) => {
    expect(parseUnits(value, decimals)).toBe(expected);
  });

  it('refuses more significant decimals than the token has', () => {
    expect(() => parseUnits('0.0000001', 6)).toThrow(AmountFormatError);
    expect(() => parseUnits('1.5', 0)).toThrow(/more than 0 decimal places/);
  });

  it('reads a long run of zeros exactly', () => {
    const zeros = '0'.repeat(200_000);
    expect(() => parseUnits(`0.${zeros}1`, 18)).toThrow(/more than 18 decimal places/);
    expect(parseUnits(`1.5${zeros}`, 6)).toBe(1500000n);
  });

  it.each(['', '-1', '+1', '1e6', '01', '1.', '.5', '1,000', ' 1', 'max'])('refuses %p', (value) => {
    expect(() => parseUnits(value, 6)).toThrow(AmountFormatError);
  });

  it('round-trips every raw amount exactly', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 40n }),
        fc.integer({ min: 0, max: 30 }),
        (raw, decimals) => {
          const text = formatUnits(raw, decimals);
          expect(parseUnits(text, decimals)).toBe(raw);
          expect(text).toMatch(/^(0|[1-9][0-9]*)(\.[0-9]*[1-9])?$/);
          if (raw > 0n) expect(formatUnits(-raw, decimals)).toBe(`-${text}`);
        },
      ),
    );
  });
});

describe('parseRawAmount', () => {
  it('accepts canonical integers only', () => {
    expect(parseRawAmount('1500000')).toBe(1500000n);
    expect(parseRawAmount('0')).toBe(0n);
    for (const bad of ['01', '1.0', '-1', '', '1e3'])
      expect(() => parseRawAmount(bad)).toThrow(AmountFormatError);
  });
});
