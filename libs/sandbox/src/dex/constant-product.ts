import { Dec } from '@vetted/venues';

const BPS = 10_000n;
const PRICE_SCALE = 10n ** 18n;

/** x·y=k output of a swap of `amountIn`, the pool keeping `feeBps` of the input; rounds down. */
export function amountOut(reserveIn: bigint, reserveOut: bigint, amountIn: bigint, feeBps: number): bigint {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n;
  const inAfterFee = amountIn * (BPS - BigInt(feeBps));
  return (inAfterFee * reserveOut) / (reserveIn * BPS + inAfterFee);
}

/** Floor of the square root of a non-negative bigint (Newton's method from above). */
export function isqrt(n: bigint): bigint {
  if (n < 0n) throw new RangeError('square root of a negative number');
  if (n < 2n) return n;
  let x = 1n << BigInt((n.toString(2).length + 1) >> 1);
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/**
 * The reserves an arbitrageur leaves behind: same k, priced as the oracle prices the two assets
 * (`usdA` per whole token of `decimalsA`, likewise B).
 */
export function oracleReserves(
  reserveA: bigint,
  reserveB: bigint,
  usdA: Dec,
  usdB: Dec,
  decimalsA: number,
  decimalsB: number,
): [bigint, bigint] {
  const k = reserveA * reserveB;
  const pa = BigInt(usdA.times(PRICE_SCALE.toString()).toFixed(0, Dec.ROUND_DOWN));
  const pb = BigInt(usdB.times(PRICE_SCALE.toString()).toFixed(0, Dec.ROUND_DOWN));
  if (k === 0n || pa <= 0n || pb <= 0n) return [reserveA, reserveB];
  const a = isqrt((k * pb * 10n ** BigInt(decimalsA)) / (pa * 10n ** BigInt(decimalsB)));
  if (a === 0n) return [reserveA, reserveB];
  return [a, k / a];
}

/** Raw amount of a token worth `usd` at `price` per whole token. */
export function rawForUsd(usd: Dec, price: Dec, decimals: number): bigint {
  return BigInt(usd.div(price).times(new Dec(10).pow(decimals)).toFixed(0, Dec.ROUND_DOWN));
}
