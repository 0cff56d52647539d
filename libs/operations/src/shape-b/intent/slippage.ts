import type { FieldProblems } from '../../preparation/field-problems';
import { isDecimal } from '../../preparation/decimal-grammar';

/** Omitted or null: 1% (rule 14). */
export const DEFAULT_SLIPPAGE = '1';

export const SLIPPAGE_MESSAGE =
  'must be a decimal percentage from 0 up to (not including) 100, such as "0.5" (no sign, exponent, separators or leading zeroes)';

/** A decimal at least 0 and strictly below 100, compared on the digits: no floats. */
export function isSlippagePercent(value: unknown): value is string {
  return isDecimal(value) && value.split('.')[0].length <= 2;
}

/**
 * Reads a perp-venue or swap slippage (rule 14): a decimal percentage string, kept verbatim;
 * omitted or null gives `"1"`. Null (with a problem) when it breaks the grammar.
 */
export function readSlippage(value: unknown, path: string, problems: FieldProblems): string | null {
  if (value === undefined || value === null) return DEFAULT_SLIPPAGE;
  if (isSlippagePercent(value)) return value;
  problems.add(path, SLIPPAGE_MESSAGE);
  return null;
}
