import { Dec } from './decimal';
import type { PerpCoin, PerpSide } from './perp-venue';

/** Perp prices carry at most this many decimals minus the coin's size decimals. */
export const PERP_MAX_DECIMALS = 6;
export const PERP_SIGNIFICANT_FIGURES = 5;
/** The smallest order, in quote units (USDC): rounded size × rounded limit price. */
export const PERP_MIN_ORDER_VALUE = '10';

/**
 * The venue's price grid: 5 significant figures (a whole-number price is always allowed), and at
 * most `6 - szDecimals` decimals when the coin is given. Buys round down and sells round up, so the
 * rounded limit never exceeds what the caller agreed to.
 */
export function roundPerpPrice(
  px: string | Dec,
  side: PerpSide,
  coin?: Pick<PerpCoin, 'szDecimals'>,
): string {
  const value = new Dec(px);
  if (!value.isFinite() || value.lte(0)) throw new RangeError(`a perp price must be positive, got ${px}`);
  const rounding = side === 'buy' ? Dec.ROUND_DOWN : Dec.ROUND_UP;
  const integerDigits = value.trunc().isZero() ? 0 : value.trunc().toFixed().length;
  let rounded =
    integerDigits >= PERP_SIGNIFICANT_FIGURES
      ? value.toDecimalPlaces(0, rounding)
      : value.toSignificantDigits(PERP_SIGNIFICANT_FIGURES, rounding);
  if (coin) rounded = rounded.toDecimalPlaces(Math.max(0, PERP_MAX_DECIMALS - coin.szDecimals), rounding);
  if (rounded.isZero()) throw new RangeError(`${px} rounds to a zero price`);
  return rounded.toFixed();
}

/** Sizes round toward zero to the coin's `szDecimals` (never more than asked). */
export function roundPerpSize(size: string | Dec, coin: Pick<PerpCoin, 'szDecimals'>): string {
  const value = new Dec(size);
  if (!value.isFinite() || value.isNeg())
    throw new RangeError(`a perp size must be non-negative, got ${size}`);
  const rounded = value.toDecimalPlaces(coin.szDecimals, Dec.ROUND_DOWN);
  return rounded.isZero() ? '0' : rounded.toFixed();
}

/** Whether an order of this rounded size and limit meets the 10-quote-unit minimum. */
export function meetsPerpMinimum(size: string, limitPx: string): boolean {
  return new Dec(size).times(limitPx).gte(PERP_MIN_ORDER_VALUE);
}
