/**
 * The amount grammar of operation requests (reference, intent rules 3-5):
 * - a human decimal has no sign, exponent, separator or leading zero; trailing zeroes are fine
 *   (`0.50`, `1.0`); a positive amount rejects zero in every spelling (`0`, `0.00`);
 * - `max` (lowercase, exactly) asks for the live balance, where an arm allows it;
 * - a raw integer is canonical: digits only, no leading zero, no fraction.
 */

export const MAX_AMOUNT = 'max';

/** Longer strings are refused outright: no real amount needs them and they only cost bigint work. */
export const MAX_DECIMAL_LENGTH = 100;
/** A uint256 has at most 78 decimal digits; at 78 it is compared with the largest. */
const MAX_RAW_DIGITS = 78;
export const MAX_UINT256 = (1n << 256n) - 1n;
/** How the messages of raw integers name their bound. */
export const UINT256_BOUND = 'at most 2^256 - 1 (a uint256)';

const DECIMAL = /^(0|[1-9][0-9]*)(\.[0-9]+)?$/;
const ZERO = /^0(\.0+)?$/;
const RAW_INTEGER = /^(0|[1-9][0-9]*)$/;

export const POSITIVE_DECIMAL_MESSAGE =
  'must be a positive decimal such as "1.5" (no sign, exponent, separators or leading zeroes)';
export const POSITIVE_DECIMAL_OR_MAX_MESSAGE =
  'must be a positive decimal such as "1.5" or "max" (no sign, exponent, separators or leading zeroes)';
export const POSITIVE_RAW_MESSAGE = `must be a positive integer in raw base units, digits only, without leading zeroes, ${UINT256_BOUND}`;

export function isDecimal(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_DECIMAL_LENGTH && DECIMAL.test(value);
}

export function isPositiveDecimal(value: unknown): value is string {
  return isDecimal(value) && !ZERO.test(value);
}

export function isMax(value: unknown): value is typeof MAX_AMOUNT {
  return value === MAX_AMOUNT;
}

export function isRawInteger(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= MAX_RAW_DIGITS &&
    RAW_INTEGER.test(value) &&
    (value.length < MAX_RAW_DIGITS || BigInt(value) <= MAX_UINT256)
  );
}

export function isPositiveRawInteger(value: unknown): value is string {
  return isRawInteger(value) && value !== '0';
}

/** What an amount field asks for: everything available, or an exact human decimal. */
export type AmountRequest = { kind: 'max' } | { kind: 'exact'; decimal: string };

/** Reads an amount field; null when it breaks the grammar (the caller names the field). */
export function readAmount(value: unknown, allowMax: boolean): AmountRequest | null {
  if (allowMax && isMax(value)) return { kind: 'max' };
  if (isPositiveDecimal(value)) return { kind: 'exact', decimal: value };
  return null;
}
