import Decimal from 'decimal.js';

/**
 * The decimal type for prices and USD values: 50 significant digits and plain notation, so
 * `toFixed()` always gives an exact decimal string and never an exponent.
 */
export const Dec = Decimal.clone({
  precision: 50,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpNeg: -100,
  toExpPos: 100,
});
export type Dec = Decimal;

/** A non-negative exact decimal as the API accepts it: no sign, exponent, separator or leading zero. */
const DECIMAL = /^(0|[1-9][0-9]*)(\.[0-9]+)?$/;

export function isDecimalString(value: unknown): value is string {
  return typeof value === 'string' && DECIMAL.test(value);
}

/** Renders a decimal as its shortest exact string (`1.50` → `1.5`, `-0` → `0`). */
export function decimalString(value: Decimal.Value): string {
  const d = new Dec(value);
  return d.isZero() ? '0' : d.toFixed();
}
