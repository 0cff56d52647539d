import type { PerpFill, PerpSide } from '@vetted/venues';

/** What a perp order did at the venue: an IOC may fill only part of its (rounded) size. */
export interface PerpLegFill {
  venue: 'perps';
  coin: string;
  side: PerpSide;
  status: 'filled' | 'partiallyFilled';
  /** Size and limit after the venue's rounding. */
  size: string;
  limitPx: string;
  filledSize: string;
  avgPx: string | null;
  fills: PerpFill[];
  realizedPnlRaw: string;
}

/** What a perp-venue spot order did: an IOC buy or sell of a coin for USDC, maybe partly filled. */
export interface SpotLegFill extends Omit<PerpLegFill, 'venue' | 'realizedPnlRaw'> {
  venue: 'perpsSpot';
  /** USDC raw paid (buy) or received (sell) for the filled size, fee excluded. */
  quoteRaw: string;
  /** The coin's spot balance after the order. */
  balance: string;
}

/** What a prediction order did at the venue: shares for pUSD at one price (a redemption: 1 or 0 each). */
export interface PredictionLegFill {
  venue: 'predict';
  marketId: string;
  outcome: string;
  action: 'buy' | 'sell' | 'redeem';
  sharesRaw: string;
  pusdRaw: string;
  price: string;
}

/** The venue's own account of a filled order, kept with its receipt (plain JSON, raw amounts as strings). */
export type LegFill = PerpLegFill | SpotLegFill | PredictionLegFill;
