import type { TokenInfo } from '@vetted/venues';
import { AmountFormatError, formatUnits, parseUnits, rawAmountBound } from '@vetted/venues';
import { readAmount, type AmountRequest } from './decimal-grammar';
import type { FieldProblems } from './field-problems';

/** An amount field in raw units of its token, or `max` (resolved later against the live balance). */
export type RawAmountRequest = { kind: 'max' } | { kind: 'exact'; raw: bigint };

/**
 * Converts a grammatical amount to raw units of `token`. More significant decimals than the token
 * has are refused, never rounded: the caller would not get what was written. So is more than its
 * network can hold (a u64 on Solana, a uint256 elsewhere).
 */
export function rawAmount(
  value: string,
  allowMax: boolean,
  { decimals, network }: Pick<TokenInfo, 'decimals' | 'network'>,
  path: string,
  problems: FieldProblems,
): RawAmountRequest | null {
  const request: AmountRequest | null = readAmount(value, allowMax);
  if (!request) return null;
  if (request.kind === 'max') return request;
  try {
    const raw = parseUnits(request.decimal, decimals);
    // No token amount exceeds what its network holds (an approval would otherwise show one).
    const bound = rawAmountBound(network);
    if (raw > bound.max) {
      problems.add(path, `is more than any token amount (${bound.described} at ${decimals} decimals)`);
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
