import type { PerpCoin, PerpSide } from '@vetted/venues';
import { Dec, roundPerpSize } from '@vetted/venues';
import type { FieldProblems } from '../../preparation/field-problems';
import { PERP_COST_ALLOWANCE_RATE, perpOrderCostAllowanceRaw } from '../../preparation/perp-sizing';
import type { SpotSizing } from '../intent';
import { at } from '../intent/intent-arm';

/** What sizing a spot order needs besides the intent (prices in USDC, the venue's quote currency). */
export interface SpotSizingInputs {
  coin: PerpCoin;
  side: PerpSide;
  markPx: string;
  /** The venue-rounded limit the order is pinned to. */
  limitPx: string;
  /** The margin account's withdrawable USDC, raw (what `valueUsdc: "max"` spends). */
  withdrawableRaw: bigint;
  usdcDecimals: number;
}

/**
 * The order size in coin units, rounded down to the coin's size decimals:
 * - `size`: as given;
 * - `valueUsdc` bounds what the order gives up: a buy pays at most that at its limit
 *   (size = valueUsdc / limitPx, the fee on top), a sell gives up coins worth that at the live mark
 *   (size = valueUsdc / markPx; the proceeds may be less by up to the slippage). Both are the venue's
 *   USDC prices, not the USD price reader: the market is quoted in USDC;
 * - `valueUsdc: "max"` (buys): the largest size whose worst cost (size × limit plus the fee
 *   allowance) fits the withdrawable USDC (`spotMaxBuySize`).
 * A size or value that rounds to nothing is a problem at its field (null), as for perp opens; a
 * `"max"` that rounds to nothing is left to the minimum and funds checks ("0").
 */
export function spotSize(
  sizing: SpotSizing,
  inputs: SpotSizingInputs,
  problems: FieldProblems,
): string | null {
  const { coin, side, markPx, limitPx } = inputs;
  if (sizing.kind === 'valueUsdcMax') return spotMaxBuySize(inputs);
  const [size, field] =
    sizing.kind === 'size'
      ? [roundPerpSize(sizing.size, coin), 'size']
      : [roundPerpSize(new Dec(sizing.usdc).div(side === 'buy' ? limitPx : markPx), coin), 'valueUsdc'];
  if (size !== '0') return size;
  const step = new Dec(1).div(new Dec(10).pow(coin.szDecimals)).toFixed();
  problems.add(at(field), `gives less than the smallest ${coin.coin} size (${step}); sizes are rounded down`);
  return null;
}

/** USDC raw a buy of `size` at `limitPx` may cost at worst: the notional rounded up, plus the fee allowance. */
export function spotBuyCostRaw(size: string, limitPx: string, usdcDecimals: number): bigint {
  const notionalRaw = BigInt(
    new Dec(size).times(limitPx).times(new Dec(10).pow(usdcDecimals)).toFixed(0, Dec.ROUND_UP),
  );
  return notionalRaw + perpOrderCostAllowanceRaw(size, limitPx, usdcDecimals);
}

/**
 * `valueUsdc: "max"`: every withdrawable USDC, less the fee allowance (0.1% of the worst notional,
 * above the venue's taker fee), at the limit, rounded down to the coin's size decimals. Margin in
 * use is not withdrawable, so it is never spent.
 */
export function spotMaxBuySize(inputs: SpotSizingInputs): string {
  const { coin, limitPx, withdrawableRaw, usdcDecimals } = inputs;
  if (withdrawableRaw <= 0n) return '0';
  const perCoinRaw = new Dec(limitPx)
    .times(new Dec(1).plus(PERP_COST_ALLOWANCE_RATE))
    .times(new Dec(10).pow(usdcDecimals));
  const step = new Dec(1).div(new Dec(10).pow(coin.szDecimals));
  let size = new Dec(roundPerpSize(new Dec(withdrawableRaw.toString()).div(perCoinRaw), coin));
  // The allowance and notional round up in raw units: step down until the worst cost fits.
  while (size.gt(0) && spotBuyCostRaw(size.toFixed(), limitPx, usdcDecimals) > withdrawableRaw)
    size = size.minus(step);
  return size.isZero() ? '0' : size.toFixed();
}
