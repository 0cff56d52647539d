import type { PerpCoin, PerpSide } from '@vetted/venues';
import { Dec, formatUnits, roundPerpPrice, roundPerpSize } from '@vetted/venues';
import { DEFAULT_SLIPPAGE } from './venue-slippage';

/**
 * Kept free on top of an open's margin, as a fraction of its worst-case notional (size at the limit
 * price): the taker fee and a first fill away from the mark both come out of the account before the
 * venue checks margin. 0.1% is above the venue's taker fee; execution checks margin again anyway.
 */
export const PERP_COST_ALLOWANCE_RATE = new Dec('0.001');

/** The mark moved by the slippage against the order, on the venue's grid (buys down, sells up). */
export function perpLimitPrice(markPx: string, side: PerpSide, coin: PerpCoin): string {
  const factor = side === 'buy' ? new Dec(1).plus(DEFAULT_SLIPPAGE) : new Dec(1).minus(DEFAULT_SLIPPAGE);
  return roundPerpPrice(new Dec(markPx).times(factor), side, coin);
}

/** Exposure = margin × leverage at the mark, in coin units rounded down to the coin's size decimals. */
export function perpOpenSize(
  marginRaw: bigint,
  usdcDecimals: number,
  leverage: number,
  markPx: string,
  coin: PerpCoin,
): string {
  return roundPerpSize(new Dec(formatUnits(marginRaw, usdcDecimals)).times(leverage).div(markPx), coin);
}

/** The cost allowance of a margin, in USDC raw, rounded up. */
export function perpCostAllowanceRaw(marginRaw: bigint, leverage: number): bigint {
  const worstNotional = new Dec(marginRaw.toString())
    .times(leverage)
    .times(new Dec(1).plus(DEFAULT_SLIPPAGE));
  return BigInt(worstNotional.times(PERP_COST_ALLOWANCE_RATE).toFixed(0, Dec.ROUND_UP));
}

/** `amountUsdc: "max"`: the largest margin that, with its cost allowance, fits what is withdrawable. */
export function perpMaxMarginRaw(availableRaw: bigint, leverage: number): bigint {
  if (availableRaw <= 0n) return 0n;
  const perMargin = new Dec(1).plus(
    new Dec(leverage).times(new Dec(1).plus(DEFAULT_SLIPPAGE)).times(PERP_COST_ALLOWANCE_RATE),
  );
  let margin = BigInt(new Dec(availableRaw.toString()).div(perMargin).toFixed(0, Dec.ROUND_DOWN));
  while (margin > 0n && margin + perpCostAllowanceRaw(margin, leverage) > availableRaw) margin -= 1n;
  return margin;
}
