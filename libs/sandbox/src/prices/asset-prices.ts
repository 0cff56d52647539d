import { extend } from '@vetted/kernel';
import type { AssetId } from '@vetted/venues';
import { Dec } from '@vetted/venues';
import { priceSourceOf } from '../tokens/asset-directory';
import type { CatalogOutcome } from '../predict/market-catalog';
import { outcomesOf } from '../predict/market-catalog';
import type { MarketBook } from '../predict/market-book';
import type { PriceBoard, SeriesQuote } from './price-board';
import { PRICE_TTL_MS, outcomeSeries } from './price-series';

export type AssetQuote = SeriesQuote;

/** The USD price given is refused for the asset (not a positive decimal, or an outcome's outside (0, 1)). */
export class PriceRefused extends RangeError {}

/**
 * USD prices per asset: a token or perp coin follows its series; a prediction outcome is its
 * market's normalized weight (1 or 0 once the market resolved).
 */
export class AssetPrices {
  constructor(
    private readonly board: PriceBoard,
    private readonly markets: MarketBook,
  ) {}

  quote(asset: AssetId, nowMs: number): AssetQuote | null {
    const source = priceSourceOf(asset);
    if (!source) return null;
    if (source.kind === 'series') return this.board.quote(source.series, nowMs);
    return this.outcomeQuote(source.outcome, nowMs);
  }

  set(asset: AssetId, usd: Dec, nowMs: number): void {
    const source = priceSourceOf(asset);
    if (!source) throw new RangeError(`no price series for ${asset.token ?? 'native'} on ${asset.network}`);
    if (source.kind === 'series') {
      if (usd.lte(0)) throw new PriceRefused('a price must be positive');
      this.board.set(source.series, usd, nowMs);
      return;
    }
    this.setOutcome(source.outcome, usd, nowMs);
  }

  expire(asset: AssetId, nowMs: number): void {
    const source = priceSourceOf(asset);
    if (!source) throw new RangeError(`no price series for ${asset.token ?? 'native'} on ${asset.network}`);
    this.board.expire(
      source.kind === 'series' ? source.series : outcomeSeries(source.outcome.tokenId),
      nowMs,
    );
  }

  private outcomeQuote(outcome: CatalogOutcome, nowMs: number): AssetQuote | null {
    const state = this.markets.state(outcome.marketId);
    if (state?.status === 'resolved' && state.resolvedMs !== null)
      return {
        usd: new Dec(state.winner === outcome.tokenId ? 1 : 0),
        updatedMs: state.resolvedMs,
        expiresMs: Math.max(nowMs, state.resolvedMs) + PRICE_TTL_MS,
        expired: false,
        version: 'resolved',
      };
    const siblings = outcomesOf(outcome.marketId).map((o) => ({
      tokenId: o.tokenId,
      quote: this.board.quote(outcomeSeries(o.tokenId), nowMs),
    }));
    const own = siblings.find((s) => s.tokenId === outcome.tokenId)?.quote;
    if (!own || siblings.some((s) => !s.quote)) return null;
    const total = siblings.reduce((sum, s) => sum.plus(s.quote!.usd), new Dec(0));
    return extend(own, {
      usd: own.usd.div(total).toSignificantDigits(12),
      version: siblings.map((s) => s.quote!.version).join('|'),
    });
  }

  /** Sets one outcome's price; the others keep their proportions and the market still sums to 1. */
  private setOutcome(outcome: CatalogOutcome, usd: Dec, nowMs: number): void {
    if (usd.lte(0) || usd.gte(1)) throw new PriceRefused('an outcome price must be between 0 and 1');
    const state = this.markets.state(outcome.marketId);
    if (state?.status === 'resolved') throw new RangeError(`market ${outcome.marketId} is resolved`);
    const siblings = outcomesOf(outcome.marketId);
    const current = siblings.map((o) => this.outcomeQuote(o, nowMs)?.usd ?? new Dec(1).div(siblings.length));
    const ownIndex = siblings.findIndex((o) => o.tokenId === outcome.tokenId);
    const othersTotal = new Dec(1).minus(current[ownIndex]);
    const rest = new Dec(1).minus(usd);
    const weights = siblings.map((_, i) =>
      i === ownIndex
        ? usd
        : (othersTotal.isZero()
            ? rest.div(siblings.length - 1)
            : current[i].times(rest).div(othersTotal)
          ).toSignificantDigits(12),
    );
    // The market sums to exactly 1, so the price set reads back as it was given: the last other
    // outcome takes what the rounding of the others left (the set price had read 0.000000999999999999
    // for 0.000001; noted by a probe).
    const last = ownIndex === siblings.length - 1 ? siblings.length - 2 : siblings.length - 1;
    weights[last] = rest.minus(
      weights.reduce((sum, w, i) => (i === ownIndex || i === last ? sum : sum.plus(w)), new Dec(0)),
    );
    siblings.forEach((o, i) => this.board.set(outcomeSeries(o.tokenId), weights[i], nowMs));
  }
}
