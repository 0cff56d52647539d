import type { AssetId, PredictionMarket } from '@vetted/venues';
import { Dec, decimalString } from '@vetted/venues';
import type { World } from '../world/world';
import { iso } from '../world/world-clock';
import { MARKET_SPECS, outcomeAsset, outcomesOf, type CatalogOutcome } from './market-catalog';

const HALF_SPREAD = new Dec('0.005');
const TICK_DECIMALS = 3;
const MIN_PRICE = new Dec('0.001');
const MAX_PRICE = new Dec('0.999');

/** The venue's quotes around an outcome's price: half a cent each side, on a 0.001 grid. */
export function outcomeQuote(
  world: World,
  outcome: CatalogOutcome,
  nowMs: number,
): { price: Dec; bid: Dec; ask: Dec } {
  const asset: AssetId = outcomeAsset(outcome.tokenId);
  const price = world.prices.quote(asset, nowMs)?.usd ?? new Dec(0);
  const state = world.markets.state(outcome.marketId);
  if (state?.status === 'resolved') return { price, bid: price, ask: price };
  const ask = Dec.min(MAX_PRICE, price.plus(HALF_SPREAD).toDecimalPlaces(TICK_DECIMALS, Dec.ROUND_UP));
  const bid = Dec.max(MIN_PRICE, price.minus(HALF_SPREAD).toDecimalPlaces(TICK_DECIMALS, Dec.ROUND_DOWN));
  return { price, bid, ask };
}

export function renderMarket(world: World, marketId: string, nowMs: number): PredictionMarket | null {
  const spec = MARKET_SPECS.find((m) => m.id === marketId);
  const state = world.markets.state(marketId);
  if (!spec || !state) return null;
  return {
    id: spec.id,
    question: spec.question,
    status: state.status,
    winningOutcome: state.winner,
    resolvedAt: state.resolvedMs === null ? null : iso(state.resolvedMs),
    outcomes: outcomesOf(spec.id).map((outcome) => {
      const { price, bid, ask } = outcomeQuote(world, outcome, nowMs);
      return {
        name: outcome.name,
        asset: outcomeAsset(outcome.tokenId),
        price: decimalString(price.toDecimalPlaces(6, Dec.ROUND_HALF_EVEN)),
        bid: decimalString(bid),
        ask: decimalString(ask),
      };
    }),
  };
}
