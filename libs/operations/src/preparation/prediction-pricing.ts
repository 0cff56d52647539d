import { Dec } from '@vetted/venues';
import { DEFAULT_SLIPPAGE } from './venue-slippage';

/**
 * A prediction order is protected like a perp order: a buy accepts an ask up to 1% above the one
 * quoted at review (its minimum shares), a sell a bid down to 1% below (its minimum proceeds). Prices
 * are dollar-token units per share; amounts are raw units, rounded down.
 */
export interface PredictionBuyTerms {
  expectedSharesRaw: bigint;
  minSharesRaw: bigint;
}

export interface PredictionSellTerms {
  expectedProceedsRaw: bigint;
  minProceedsRaw: bigint;
}

export interface PredictionUnits {
  dollarDecimals: number;
  shareDecimals: number;
}

const floorRaw = (value: Dec): bigint => BigInt(value.toFixed(0, Dec.ROUND_DOWN));

/** Raw dollar units per raw share unit at a human price. */
const rawPrice = (price: Dec, units: PredictionUnits): Dec =>
  price.times(new Dec(10).pow(units.dollarDecimals - units.shareDecimals));

export function buyTerms(spendRaw: bigint, ask: string, units: PredictionUnits): PredictionBuyTerms {
  const spend = new Dec(spendRaw.toString());
  const price = rawPrice(new Dec(ask), units);
  return {
    expectedSharesRaw: floorRaw(spend.div(price)),
    minSharesRaw: floorRaw(spend.div(price.times(new Dec(1).plus(DEFAULT_SLIPPAGE)))),
  };
}

export function sellTerms(sharesRaw: bigint, bid: string, units: PredictionUnits): PredictionSellTerms {
  const shares = new Dec(sharesRaw.toString());
  const price = rawPrice(new Dec(bid), units);
  return {
    expectedProceedsRaw: floorRaw(shares.times(price)),
    minProceedsRaw: floorRaw(shares.times(price).times(new Dec(1).minus(DEFAULT_SLIPPAGE))),
  };
}
