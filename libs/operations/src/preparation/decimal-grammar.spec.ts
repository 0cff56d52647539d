import { Dec } from '@vetted/venues';
import fc from 'fast-check';
import {
  MAX_DECIMAL_LENGTH,
  isDecimal,
  isMax,
  isPositiveDecimal,
  isPositiveRawInteger,
  isRawInteger,
  readAmount,
} from './decimal-grammar';

const digit = fc.constantFrom(...'0123456789');
const nonZeroDigit = fc.constantFrom(...'123456789');
const digits = (min: number, max: number) =>
  fc.array(digit, { minLength: min, maxLength: max }).map((d) => d.join(''));

/** An integer part as the grammar writes it: `0`, or digits not starting with 0. */
const integerPart = fc.oneof(
  fc.constant('0'),
  fc.tuple(nonZeroDigit, digits(0, 20)).map(([first, rest]) => first + rest),
);
/** Valid decimals, trailing zeroes included. */
const validDecimal = fc
  .tuple(integerPart, fc.option(digits(1, 20), { nil: undefined }))
  .map(([whole, fraction]) => (fraction === undefined ? whole : `${whole}.${fraction}`));
const zeroSpelling = fc
  .option(
    digits(1, 10).map((d) => d.replace(/./g, '0')),
    { nil: undefined },
  )
  .map((f) => (f === undefined ? '0' : `0.${f}`));
const validRaw = integerPart;

/**
 * An independent reading of the grammar, character by character, to test the pattern against:
 * integer part, then optionally one dot and at least one digit; nothing else.
 */
function oracleDecimal(value: string): boolean {
  const [whole, fraction, ...rest] = value.split('.');
  if (rest.length > 0 || value.length > MAX_DECIMAL_LENGTH) return false;
  const allDigits = (s: string) => s.length > 0 && [...s].every((c) => c >= '0' && c <= '9');
  if (!allDigits(whole) || (whole.length > 1 && whole[0] === '0')) return false;
  return fraction === undefined || allDigits(fraction);
}

/** Strings close to decimals: the characters people type into amounts. */
const nearDecimal = fc
  .array(fc.constantFrom(...'0123456789.-+eE,_ x'), { maxLength: 12 })
  .map((chars) => chars.join(''));

const MAX_UINT256 = (1n << 256n) - 1n;

describe('decimal grammar', () => {
  it('accepts every decimal without sign, exponent, separator or leading zero, trailing zeroes included', () => {
    fc.assert(
      fc.property(validDecimal, (value) => {
        expect(isDecimal(value)).toBe(true);
        expect(new Dec(value).toFixed()).toBe(value.includes('.') ? value.replace(/\.?0+$/, '') : value);
        expect(isPositiveDecimal(value)).toBe(!new Dec(value).isZero());
      }),
    );
  });

  it('refuses zero in every spelling as a positive amount', () => {
    fc.assert(
      fc.property(zeroSpelling, (zero) => {
        expect(isDecimal(zero)).toBe(true);
        expect(isPositiveDecimal(zero)).toBe(false);
        expect(readAmount(zero, true)).toBeNull();
      }),
    );
    expect(isPositiveDecimal('0.00')).toBe(false);
  });

  it('refuses signs, exponents, separators, stray dots, spaces and leading zeroes', () => {
    const mutation = fc.constantFrom(
      (v: string) => `-${v}`,
      (v: string) => `+${v}`,
      (v: string) => `${v}e3`,
      (v: string) => `${v}E-2`,
      (v: string) => `0${v}`,
      (v: string) => `${v}.`,
      (v: string) => `.${v}`,
      (v: string) => ` ${v}`,
      (v: string) => `${v} `,
      (v: string) => v.replace(/^(\d)/, '$1,'),
      (v: string) => v.replace(/^(\d)/, '$1_'),
      (v: string) => `${v}.5.5`,
    );
    fc.assert(
      fc.property(validDecimal, mutation, (value, mutate) => {
        const broken = mutate(value);
        fc.pre(broken !== value);
        expect(isDecimal(broken)).toBe(false);
        expect(readAmount(broken, true)).toBeNull();
      }),
    );
  });

  it('agrees with an independent reading on strings that look like amounts', () => {
    fc.assert(
      fc.property(nearDecimal, (value) => {
        expect(isDecimal(value)).toBe(oracleDecimal(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses what is not a string, and overlong strings', () => {
    for (const value of [1, 1.5, null, undefined, {}, ['1'], 10n]) expect(isDecimal(value)).toBe(false);
    expect(isDecimal('1'.repeat(MAX_DECIMAL_LENGTH))).toBe(true);
    expect(isDecimal('1'.repeat(MAX_DECIMAL_LENGTH + 1))).toBe(false);
  });
});

describe('max', () => {
  it('is exactly the lowercase word, and only where the field allows it', () => {
    expect(isMax('max')).toBe(true);
    for (const value of ['MAX', 'Max', ' max', 'max ', 'maximum', ''])
      expect(readAmount(value, true)).toBeNull();
    expect(readAmount('max', true)).toEqual({ kind: 'max' });
    expect(readAmount('max', false)).toBeNull();
  });

  it('reads any positive decimal as itself', () => {
    fc.assert(
      fc.property(validDecimal, (value) => {
        fc.pre(!new Dec(value).isZero());
        expect(readAmount(value, false)).toEqual({ kind: 'exact', decimal: value });
      }),
    );
  });
});

describe('raw integers', () => {
  it('accepts canonical integers and round-trips them through bigint', () => {
    fc.assert(
      fc.property(validRaw, (value) => {
        expect(isRawInteger(value)).toBe(true);
        expect(BigInt(value).toString()).toBe(value);
        expect(isPositiveRawInteger(value)).toBe(value !== '0');
      }),
    );
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 77n }), (n) =>
        expect(isRawInteger(n.toString())).toBe(true),
      ),
    );
  });

  it('refuses fractions, signs, exponents, leading zeroes and separators', () => {
    fc.assert(
      fc.property(validRaw, digits(1, 5), (value, more) => {
        for (const broken of [
          `${value}.${more}`,
          `${value}.0`,
          `-${value}`,
          `+${value}`,
          `${value}e3`,
          `0${value}`,
        ])
          expect(isRawInteger(broken)).toBe(false);
      }),
    );
    for (const value of ['', ' 1', '1,000', '1_000', '0x10', 1, 1n, null])
      expect(isRawInteger(value)).toBe(false);
  });

  it('agrees with canonical bigint printing on strings that look like integers', () => {
    fc.assert(
      fc.property(nearDecimal, (value) => {
        const canonical = /^[0-9]+$/.test(value) && BigInt(value).toString() === value;
        expect(isRawInteger(value)).toBe(canonical && BigInt(value) <= MAX_UINT256);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses what a uint256 cannot hold, at 78 digits too', () => {
    expect(isRawInteger(MAX_UINT256.toString())).toBe(true);
    expect(isRawInteger((MAX_UINT256 + 1n).toString())).toBe(false);
    expect(isRawInteger('9'.repeat(78))).toBe(false);
    expect(isRawInteger('9'.repeat(77))).toBe(true);
  });
});
