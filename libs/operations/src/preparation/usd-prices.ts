import type { AssetId, PriceReader } from '@vetted/venues';
import { Dec, assetKey } from '@vetted/venues';
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
  private constructor(private readonly byAsset: ReadonlyMap<string, Dec>) {}

  static async read(
    reader: PriceReader,
    required: readonly PricedAsset[],
    incidental: readonly AssetId[] = [],
  ): Promise<UsdPrices> {
    const assets = [...required, ...incidental];
    const lookups = await reader.prices(assets.map(({ network, token }) => ({ network, token })));
    const byAsset = new Map<string, Dec>();
    lookups.forEach((lookup, i) => {
      if (lookup.ok) byAsset.set(assetKey(assets[i]), new Dec(lookup.price.usd));
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
    return this.byAsset.get(assetKey(asset)) ?? null;
  }
}

/** A USD amount as reviews show it: cents, rounded half to even. */
export function usdString(value: Dec): string {
  return value.toDecimalPlaces(2, Dec.ROUND_HALF_EVEN).toFixed(2);
}
