import type { TokenInfo } from '@vetted/venues';
import { AmountFormatError, formatUnits, parseUnits } from '@vetted/venues';
import { MAX_UINT256, readAmount, type AmountRequest } from './decimal-grammar';
import type { FieldProblems } from './field-problems';

/** An amount field in raw units of its token, or `max` (resolved later against the live balance). */
export type RawAmountRequest = { kind: 'max' } | { kind: 'exact'; raw: bigint };

/**
 * Converts a grammatical amount to raw units of `token`. More significant decimals than the token
 * has are refused, never rounded: the caller would not get what was written.
 */
export function rawAmount(
  value: string,
  allowMax: boolean,
  decimals: number,
  path: string,
  problems: FieldProblems,
): RawAmountRequest | null {
  const request: AmountRequest | null = readAmount(value, allowMax);
  if (!request) return null;
  if (request.kind === 'max') return request;
  try {
    const raw = parseUnits(request.decimal, decimals);
    // No token amount exceeds a uint256 of raw units (an approval would otherwise show one).
    if (raw > MAX_UINT256) {
      problems.add(path, `is more than any token amount (2^256 - 1 raw units at ${decimals} decimals)`);
      return null;
    }
    return { kind: 'exact', raw };
  } catch (error) {
    if (!(error instanceof AmountFormatError)) throw error;
    problems.add(path, `has more than ${decimals} decimal places`);
    return null;
  }
}

/** `1.5 USDC on base`: how messages name an amount. */
export function describeAmount(raw: bigint, token: TokenInfo): string {
  return `${formatUnits(raw, token.decimals)} ${token.symbol} on ${token.network}`;
}

export const ceilDiv = (numerator: bigint, denominator: bigint): bigint =>
  (numerator + denominator - 1n) / denominator;
