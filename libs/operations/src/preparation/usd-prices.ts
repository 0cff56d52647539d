import type { AssetId, PriceReader } from '@vetted/venues';
import { Dec, formatUnits } from '@vetted/venues';
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
  /** A review values two to four assets: a scan beats building an `assetKey` string per lookup. */
  private constructor(private readonly known: readonly { asset: AssetId; price: KnownPrice }[]) {}

  static async read(
    reader: PriceReader,
    required: readonly PricedAsset[],
    incidental: readonly AssetId[] = [],
  ): Promise<UsdPrices> {
    const assets = [...required, ...incidental];
    const lookups = await reader.prices(assets.map(({ network, token }) => ({ network, token })));
    const known: { asset: AssetId; price: KnownPrice }[] = [];
    lookups.forEach((lookup, i) => {
      if (lookup.ok) known.push({ asset: assets[i], price: KnownPrice.of(lookup.price.usd) });
      else if (i < required.length) {
        const { symbol, network } = required[i];
        throw new PriceUnavailableForReview(
          lookup.reason === 'expired'
            ? `the USD price of ${symbol} on ${network} expired at ${lookup.expiredAt}; it is needed to review this operation`
            : `there is no USD price of ${symbol} on ${network}; it is needed to review this operation`,
        );
      }
    });
    return new UsdPrices(known);
  }

  of(asset: AssetId): Dec | null {
    return this.priceOf(asset)?.dec() ?? null;
  }

  /** What `raw` base units of an asset with `decimals` are worth, as `usdString` shows it; null without a price. */
  valueOf(asset: AssetId, raw: bigint, decimals: number): string | null {
    return this.priceOf(asset)?.value(raw, decimals) ?? null;
  }

  private priceOf(asset: AssetId): KnownPrice | undefined {
    const token = asset.token ?? null;
    for (const entry of this.known)
      if (entry.asset.network === asset.network && (entry.asset.token ?? null) === token) return entry.price;
    return undefined;
  }
}

const PLAIN_DECIMAL = /^[0-9]+(?:\.[0-9]+)?$/;
/** Distinct price strings kept parsed; the sandbox's prices move every few seconds, a chain's less. */
const RECENT_PRICES = 1024;

/**
 * One price, kept as the exact decimal it was read as (a fraction over a power of ten), so a
 * review's values are bigint arithmetic; a Dec is made only for callers that compute with it.
 */
class KnownPrice {
  private static readonly recent = new Map<string, KnownPrice>();

  /** The price of `usd`, parsed once while it is current (a price holds for many reviews). */
  static of(usd: string): KnownPrice {
    let price = KnownPrice.recent.get(usd);
    if (price === undefined) {
      price = new KnownPrice(usd);
      if (KnownPrice.recent.size >= RECENT_PRICES) KnownPrice.recent.clear();
      KnownPrice.recent.set(usd, price);
    }
    return price;
  }

  private readonly exact: Fraction | null;
  private decimal: Dec | null = null;

  private constructor(private readonly usd: string) {
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
