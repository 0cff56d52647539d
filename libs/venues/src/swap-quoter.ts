import type { AssetId } from './assets';
import type { Network } from './networks';

export interface SwapQuoteRequest {
  from: AssetId;
  to: AssetId;
  /** The exact source spend, in raw units of `from`. */
  amountInRaw: bigint;
}

/** Where the value leaves and where it arrives; they differ for a cross-network swap. */
export interface SwapRoute {
  source: Network;
  destination: Network;
  /** Every asset the value passes through, `from` first and `to` last. */
  path: AssetId[];
}

export interface SwapQuote {
  from: AssetId;
  to: AssetId;
  amountInRaw: bigint;
  /** Expected output at the pools' current state, fees and price impact included. */
  amountOutRaw: bigint;
  /** The liquidity providers' fees, expressed in raw units of the `from` token (already inside amountOutRaw). */
  feeRaw: bigint;
  /** Fraction (not percent) lost to price impact against the mid price, fees excluded: `"0.0012"`. */
  priceImpact: string;
  route: SwapRoute;
  /** The spender an ERC-20 input must approve before the swap; null for native or non-EVM input. */
  approvalSpender: string | null;
  quotedAt: string;
}

/** Quotes swaps (cross-network allowed). Throws `QuoteFailed` (e.g. reason `no_route`). */
export interface SwapQuoter {
  quote(request: SwapQuoteRequest): Promise<SwapQuote>;
}
