import type { PredictionBuy, PredictionFill, PredictionRedeem, PredictionSell } from '@vetted/venues';
import { Dec, decimalString } from '@vetted/venues';
import { refuse } from '../chain/chain-tx-rules';
import { Movements } from '../ledger/ledger';
import { PUSD_POLYGON } from '../tokens/token-registry';
import type { TxContext, TxKind } from '../txs/submissions';
import type { TxOutcome } from '../txs/tx-log';
import { PREDICT_TREASURY } from '../world/sandbox-accounts';
import type { World } from '../world/world';
import { iso } from '../world/world-clock';
import { catalogOutcome, type CatalogOutcome } from './market-catalog';
import { outcomeQuote } from './outcome-quotes';

export type PredictionOrder =
  | ({ action: 'buy' } & PredictionBuy)
  | ({ action: 'sell' } & PredictionSell)
  | ({ action: 'redeem' } & PredictionRedeem);

interface Plan {
  outcome: CatalogOutcome;
  sharesRaw: bigint;
  pusdRaw: bigint;
  price: Dec;
}

/**
 * Prediction orders against the venue. Shares are minted on a buy (the pUSD goes to the venue's
 * treasury) and burned on a sell or a redemption (the treasury pays the bid, or 1 pUSD per winning
 * share, nothing for a losing one).
 */
export class PredictionOrders implements TxKind<PredictionOrder> {
  readonly kind = 'predictOrder';
  readonly settlesAtOnce = true;
  readonly usesNonce = false;

  constructor(private readonly world: World) {}

  preflight(order: PredictionOrder, nowMs: number): void {
    this.plan(order, nowMs);
  }

  execute(order: PredictionOrder, context: TxContext): TxOutcome {
    const plan = this.plan(order, context.nowMs);
    const { ledger } = this.world;
    const share = plan.outcome.tokenId;
    const movements = new Movements();
    if (order.action === 'buy') {
      movements.add(ledger.transfer('polygon', PUSD_POLYGON, order.address, PREDICT_TREASURY, plan.pusdRaw));
      movements.add(ledger.mint('polygon', share, order.address, plan.sharesRaw));
    } else {
      movements.add(ledger.burn('polygon', share, order.address, plan.sharesRaw));
      movements.add(ledger.transfer('polygon', PUSD_POLYGON, PREDICT_TREASURY, order.address, plan.pusdRaw));
    }
    // As the log keeps it; the port adds the block the fill landed in.
    const result: Omit<PredictionFill, 'blockNumber'> = {
      submissionId: order.submissionId,
      hash: context.hash,
      marketId: plan.outcome.marketId,
      outcome: share,
      action: order.action,
      sharesRaw: plan.sharesRaw,
      pusdRaw: plan.pusdRaw,
      price: decimalString(plan.price),
      at: iso(context.nowMs),
    };
    return { status: 'success', feeRaw: 0n, transfers: movements.list, error: null, result };
  }

  private plan(order: PredictionOrder, nowMs: number): Plan {
    const id = order.submissionId;
    const outcome = catalogOutcome(order.outcome)!;
    const resolved = this.world.markets.state(outcome.marketId)?.status === 'resolved';
    const { ledger } = this.world;
    const held = (token: string) => ledger.balance('polygon', order.address, token);
    const treasury = ledger.balance('polygon', PREDICT_TREASURY, PUSD_POLYGON);
    const quote = outcomeQuote(this.world, outcome, nowMs);
    switch (order.action) {
      case 'buy': {
        if (resolved) refuse('market_resolved', `market ${outcome.marketId} is resolved`, id);
        const shares = BigInt(new Dec(order.spendRaw.toString()).div(quote.ask).toFixed(0, Dec.ROUND_DOWN));
        if (shares === 0n) refuse('below_minimum', 'the spend buys no shares', id);
        if (order.minSharesRaw !== undefined && shares < order.minSharesRaw)
          refuse('slippage_exceeded', `would buy ${shares} shares, fewer than ${order.minSharesRaw}`, id);
        if (held(PUSD_POLYGON) < order.spendRaw)
          refuse('insufficient_funds', `${order.address} lacks the pUSD`, id);
        return { outcome, sharesRaw: shares, pusdRaw: order.spendRaw, price: quote.ask };
      }
      case 'sell': {
        if (resolved) refuse('market_resolved', `market ${outcome.marketId} is resolved; redeem instead`, id);
        if (held(outcome.tokenId) < order.sharesRaw)
          refuse('insufficient_funds', `${order.address} lacks the shares`, id);
        const proceeds = BigInt(
          new Dec(order.sharesRaw.toString()).times(quote.bid).toFixed(0, Dec.ROUND_DOWN),
        );
        if (proceeds === 0n) refuse('below_minimum', 'the shares sell for nothing', id);
        if (order.minProceedsRaw !== undefined && proceeds < order.minProceedsRaw)
          refuse('slippage_exceeded', `would receive ${proceeds}, less than ${order.minProceedsRaw}`, id);
        if (treasury < proceeds) refuse('insufficient_liquidity', 'the venue cannot pay', id);
        return { outcome, sharesRaw: order.sharesRaw, pusdRaw: proceeds, price: quote.bid };
      }
      case 'redeem': {
        if (!resolved) refuse('market_not_resolved', `market ${outcome.marketId} has not resolved`, id);
        const shares = held(outcome.tokenId);
        if (shares === 0n)
          refuse('nothing_to_redeem', `${order.address} holds no shares of this outcome`, id);
        const winner = this.world.markets.state(outcome.marketId)?.winner === outcome.tokenId;
        const payout = winner ? shares : 0n;
        if (treasury < payout) refuse('insufficient_liquidity', 'the venue cannot pay', id);
        return { outcome, sharesRaw: shares, pusdRaw: payout, price: new Dec(winner ? 1 : 0) };
      }
    }
  }
}
