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

/** What a prediction order did at the venue: shares for pUSD at one price. */
export interface PredictionLegFill {
  venue: 'predict';
  marketId: string;
  outcome: string;
  action: 'buy' | 'sell';
  sharesRaw: string;
  pusdRaw: string;
  price: string;
}

/** The venue's own account of a filled order, kept with its receipt (plain JSON, raw amounts as strings). */
export type LegFill = PerpLegFill | PredictionLegFill;
