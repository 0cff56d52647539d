import type { AssetId, PriceLookup, PriceReader, UsdPrice } from '@vetted/venues';
import { PriceUnavailable, assetKey, decimalString, isNetwork } from '@vetted/venues';
import type { AssetQuote } from './asset-prices';
import { normalizeToken } from '../tokens/asset-directory';
import type { World } from '../world/world';
import { iso } from '../world/world-clock';

/** USD prices of the sandbox world, as the service reads them. */
export class SandboxPriceReader implements PriceReader {
  /** The last price shown per asset, reused while its quote is the same (a price steps once a minute). */
  private readonly shown = new Map<string, { quote: AssetQuote; price: UsdPrice }>();

  constructor(private readonly world: World) {}

  async price(asset: AssetId): Promise<UsdPrice> {
    const lookup = this.lookup(asset);
    if (!lookup.ok) throw new PriceUnavailable(lookup.asset, lookup.reason, lookup.expiredAt);
    return lookup.price;
  }

  async prices(assets: readonly AssetId[]): Promise<PriceLookup[]> {
    return assets.map((asset) => this.lookup(asset));
  }

  lookup(asset: AssetId): PriceLookup {
    const normalized: AssetId = isNetwork(asset?.network)
      ? { network: asset.network, token: normalizeToken(asset.network, asset.token) }
      : asset;
    const nowMs = this.world.clock.nowMs();
    const quote = isNetwork(normalized?.network) ? this.world.prices.quote(normalized, nowMs) : null;
    if (!quote) return { ok: false, asset: normalized, reason: 'missing', expiredAt: null };
    if (quote.expired || quote.expiresMs <= nowMs)
      return { ok: false, asset: normalized, reason: 'expired', expiredAt: iso(quote.expiresMs) };
    return { ok: true, price: this.shownPrice(normalized, quote) };
  }

  private shownPrice(asset: AssetId, quote: AssetQuote): UsdPrice {
    const key = assetKey(asset);
    const last = this.shown.get(key);
    if (
      last !== undefined &&
      last.quote.usd === quote.usd &&
      last.quote.updatedMs === quote.updatedMs &&
      last.quote.expiresMs === quote.expiresMs
    )
      return last.price;
    const price = {
      asset,
      usd: decimalString(quote.usd),
      updatedAt: iso(quote.updatedMs),
      expiresAt: iso(quote.expiresMs),
    };
    this.shown.set(key, { quote, price });
    return price;
  }
}
