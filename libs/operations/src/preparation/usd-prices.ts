import type { AssetId, PriceReader } from '@vetted/venues';
import { Dec, assetKey, formatUnits } from '@vetted/venues';
import { fractionOf, type Fraction } from './exact-decimal';
import { PriceUnavailableForReview } from './refusals';

/** An asset to value, with the name a person knows it by (for the refusal message). */
export interface PricedAsset extends AssetId {
  symbol: string;
}

/**
 * The USD prices one review uses, read once. A valuation the review rests on (what is spent,
 * received or opened) needs a live price: a missing or expired one refuses preparation with
 * `PRICE_UNAVAILABLE`. Incidental ones (network fees) are shown without USD instead.
 */
export class UsdPrices {
  private constructor(private readonly byAsset: ReadonlyMap<string, KnownPrice>) {}

  static async read(
    reader: PriceReader,
    required: readonly PricedAsset[],
    incidental: readonly AssetId[] = [],
  ): Promise<UsdPrices> {
    const assets = [...required, ...incidental];
    const lookups = await reader.prices(assets.map(({ network, token }) => ({ network, token })));
    const byAsset = new Map<string, KnownPrice>();
    lookups.forEach((lookup, i) => {
      if (lookup.ok) byAsset.set(assetKey(assets[i]), new KnownPrice(lookup.price.usd));
      else if (i < required.length) {
        const { symbol, network } = required[i];
        throw new PriceUnavailableForReview(
          lookup.reason === 'expired'
            ? `the USD price of ${symbol} on ${network} expired at ${lookup.expiredAt}; it is needed to review this operation`
            : `there is no USD price of ${symbol} on ${network}; it is needed to review this operation`,
        );
      }
    });
    return new UsdPrices(byAsset);
  }

  of(asset: AssetId): Dec | null {
    return this.byAsset.get(assetKey(asset))?.dec() ?? null;
  }

  /** What `raw` base units of an asset with `decimals` are worth, as `usdString` shows it; null without a price. */
  valueOf(asset: AssetId, raw: bigint, decimals: number): string | null {
    return this.byAsset.get(assetKey(asset))?.value(raw, decimals) ?? null;
  }
}

const PLAIN_DECIMAL = /^[0-9]+(?:\.[0-9]+)?$/;

/**
 * One price, kept as the exact decimal it was read as (a fraction over a power of ten), so a
 * review's values are bigint arithmetic; a Dec is made only for callers that compute with it.
 */
class KnownPrice {
  private readonly exact: Fraction | null;
  private decimal: Dec | null = null;

  constructor(private readonly usd: string) {
    this.exact = PLAIN_DECIMAL.test(usd) ? fractionOf(usd) : null;
  }

  dec(): Dec {
    return (this.decimal ??= new Dec(this.usd));
  }

  value(raw: bigint, decimals: number): string {
    if (this.exact === null || raw < 0n) return usdString(this.dec().times(formatUnits(raw, decimals)));
    // cents = raw × price × 100 / 10^decimals, rounded half to even
    const num = raw * this.exact.num * 100n;
    const den = 10n ** BigInt(decimals) * this.exact.den;
    let cents = num / den;
    const twice = 2n * (num % den);
    if (twice > den || (twice === den && cents % 2n === 1n)) cents += 1n;
    const fraction = cents % 100n;
    return `${cents / 100n}.${fraction < 10n ? '0' : ''}${fraction}`;
  }
}

/** A USD amount as reviews show it: cents, rounded half to even. */
export function usdString(value: Dec): string {
  return value.toDecimalPlaces(2, Dec.ROUND_HALF_EVEN).toFixed(2);
}
