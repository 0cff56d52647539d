import type { PerpCoin, PerpSide } from '@vetted/venues';
import { Dec, formatUnits, roundPerpPrice, roundPerpSize } from '@vetted/venues';
import { DEFAULT_SLIPPAGE, DEFAULT_SLIPPAGE_PERCENT } from './venue-slippage';

/**
 * Kept free on top of an open's margin, as a fraction of its worst-case notional (size at the limit
 * price): the taker fee and a first fill away from the mark both come out of the account before the
 * venue checks margin. 0.1% is above the venue's taker fee; execution checks margin again anyway.
 */
export const PERP_COST_ALLOWANCE_RATE = new Dec('0.001');

/**
 * The mark moved by the slippage (a decimal percent, rule 14; Shape A always has the default)
 * against the order, on the venue's grid (buys down, sells up).
 */
export function perpLimitPrice(
  markPx: string,
  side: PerpSide,
  coin: PerpCoin,
  slippagePercent: string = DEFAULT_SLIPPAGE_PERCENT,
): string {
  const slippage = new Dec(slippagePercent).div(100);
  const factor = side === 'buy' ? new Dec(1).plus(slippage) : new Dec(1).minus(slippage);
  return roundPerpPrice(new Dec(markPx).times(factor), side, coin);
}

/**
 * Exposure = margin × leverage (or Shape B's decimal exposure multiple) at the mark, in coin units
 * rounded down to the coin's size decimals.
 */
export function perpOpenSize(
  marginRaw: bigint,
  usdcDecimals: number,
  leverage: number | string,
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

/** USDC raw an order of `size` at `limitPx` (its worst notional) keeps free for fees, rounded up. */
export function perpOrderCostAllowanceRaw(size: string, limitPx: string, usdcDecimals: number): bigint {
  const worstNotional = new Dec(size).times(limitPx).times(new Dec(10).pow(usdcDecimals));
  return BigInt(worstNotional.times(PERP_COST_ALLOWANCE_RATE).toFixed(0, Dec.ROUND_UP));
}

/** The initial margin a position of `size` holds at the mark and leverage, USDC raw rounded up. */
export function perpInitialMarginRaw(
  size: string,
  markPx: string,
  leverage: number,
  usdcDecimals: number,
): bigint {
  const notional = new Dec(size).times(markPx).times(new Dec(10).pow(usdcDecimals));
  return BigInt(notional.div(leverage).toFixed(0, Dec.ROUND_UP));
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
