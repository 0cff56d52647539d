import type { AssetId } from './assets';
import type { PriceUnavailableReason } from './venue-errors';

/** A USD price: `usd` is an exact decimal string; it may be used until `expiresAt`. */
export interface UsdPrice {
  asset: AssetId;
  usd: string;
  updatedAt: string;
  expiresAt: string;
}

export type PriceLookup =
  | { ok: true; price: UsdPrice }
  | { ok: false; asset: AssetId; reason: PriceUnavailableReason; expiredAt: string | null };

/**
 * USD prices of assets (tokens, native assets, perp coins on `perps`, prediction outcome shares).
 * A price past its `expiresAt` is never returned as if it were good: preparation must refuse it.
 */
export interface PriceReader {
  /** The current price; throws `PriceUnavailable` with reason `missing` or `expired`. */
  price(asset: AssetId): Promise<UsdPrice>;
  /** Many lookups at once, in order, each either a price or why there is none (never throws for that). */
  prices(assets: readonly AssetId[]): Promise<PriceLookup[]>;
}
