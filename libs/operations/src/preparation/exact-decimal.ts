/** Exact arithmetic on the decimal strings of the API (no floats): amounts, percentages, prices. */

/** A non-negative decimal string (`"12.5"`) as the fraction 125 / 10. */
export interface Fraction {
  num: bigint;
  den: bigint;
}

export function fractionOf(decimal: string): Fraction {
  const [whole, fraction = ''] = decimal.split('.');
  return { num: BigInt(whole + fraction), den: 10n ** BigInt(fraction.length) };
}

/** `floor(raw × percent / 100)`. */
export function percentOfRaw(raw: bigint, percent: string): bigint {
  const p = fractionOf(percent);
  return (raw * p.num) / (100n * p.den);
}

/** What a slippage leaves of a quoted amount: `floor(raw × (100 − slippage) / 100)`. */
export function afterSlippage(raw: bigint, slippagePercent: string): bigint {
  const s = fractionOf(slippagePercent);
  return (raw * (100n * s.den - s.num)) / (100n * s.den);
}

/** Raw units of a token worth `usd` at `priceUsd` per whole token: `floor(usd / price × 10^decimals)`. */
export function rawForUsd(usd: string, priceUsd: string, decimals: number): bigint {
  const value = fractionOf(usd);
  const price = fractionOf(priceUsd);
  return (value.num * price.den * 10n ** BigInt(decimals)) / (value.den * price.num);
}
