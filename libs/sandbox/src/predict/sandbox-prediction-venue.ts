import { extend } from '@vetted/kernel';
import type {
  DepositWallet,
  PredictionBuy,
  PredictionFill,
  PredictionMarket,
  PredictionPosition,
  PredictionRedeem,
  PredictionSell,
  PredictionVenue,
  SubmitOptions,
} from '@vetted/venues';
import { DepositWalletFailed, SubmissionRejected } from '@vetted/venues';
import { address, checkSubmissionId, refuse } from '../chain/chain-tx-rules';
import { orderResult, settled, submitRequest } from '../txs/submit-request';
import type { World } from '../world/world';
import { CATALOG_OUTCOMES, MARKET_SPECS, catalogOutcome, outcomeAsset } from './market-catalog';
import { renderMarket } from './outcome-quotes';
import { DepositWallets } from './deposit-wallets';
import { PredictionOrders, type PredictionOrder } from './prediction-orders';

/** The sandbox prediction venue (`predict`) behind the `PredictionVenue` port. */
export class SandboxPredictionVenue implements PredictionVenue {
  private readonly orders: PredictionOrders;
  private readonly wallets: DepositWallets;

  constructor(private readonly world: World) {
    this.orders = world.submissions.register(new PredictionOrders(world));
    this.wallets = world.submissions.register(new DepositWallets(world.db, world.seed));
  }

  async markets(): Promise<PredictionMarket[]> {
    const nowMs = this.world.clock.nowMs();
    return MARKET_SPECS.map((m) => renderMarket(this.world, m.id, nowMs)!).filter(Boolean);
  }

  async market(id: string): Promise<PredictionMarket | null> {
    return renderMarket(this.world, id, this.world.clock.nowMs());
  }

  async marketOfOutcome(outcome: string): Promise<PredictionMarket | null> {
    const known = catalogOutcome(outcome);
    return known ? renderMarket(this.world, known.marketId, this.world.clock.nowMs()) : null;
  }

  async positions(owner: string): Promise<PredictionPosition[]> {
    const holder = address('polygon', owner, 'address', '');
    this.world.settleIfDue();
    return CATALOG_OUTCOMES.flatMap((outcome) => {
      const sharesRaw = this.world.ledger.balance('polygon', holder, outcome.tokenId);
      if (sharesRaw === 0n) return [];
      const state = this.world.markets.state(outcome.marketId);
      const redeemable = state?.status === 'resolved';
      return [
        {
          marketId: outcome.marketId,
          outcome: outcomeAsset(outcome.tokenId),
          outcomeName: outcome.name,
          sharesRaw,
          redeemable,
          redeemValueRaw: redeemable && state?.winner === outcome.tokenId ? sharesRaw : 0n,
        },
      ];
    });
  }

  async buy(order: PredictionBuy, options?: SubmitOptions): Promise<PredictionFill> {
    return this.place(
      extend(normalize(order), {
        action: 'buy' as const,
        spendRaw: amount(order.spendRaw, 'spendRaw', order),
        ...optional('minSharesRaw', order.minSharesRaw, order),
      }),
      options,
    );
  }

  async sell(order: PredictionSell, options?: SubmitOptions): Promise<PredictionFill> {
    return this.place(
      extend(normalize(order), {
        action: 'sell' as const,
        sharesRaw: amount(order.sharesRaw, 'sharesRaw', order),
        ...optional('minProceedsRaw', order.minProceedsRaw, order),
      }),
      options,
    );
  }

  async redeem(order: PredictionRedeem, options?: SubmitOptions): Promise<PredictionFill> {
    return this.place(extend(normalize(order), { action: 'redeem' }), options);
  }

  async order(submissionId: string): Promise<PredictionFill | null> {
    const record = this.world.log.bySubmission(submissionId);
    return record?.kind === this.orders.kind && record.outcome ? orderResult<PredictionFill>(record) : null;
  }

  async deployDepositWallet(controller: string): Promise<DepositWallet> {
    const owner = address('polygon', controller, 'controller', '');
    const request = { submissionId: DepositWallets.submissionId(owner), controller: owner };
    const envelope = { network: 'polygon', from: owner, to: null, faultTarget: 'depositWallet' } as const;
    const result = await submitRequest(this.world, this.wallets, request, envelope);
    // Under an uncertain or timeout fault the wallet is deployed all the same; asking again returns it.
    if (result.error)
      throw new DepositWalletFailed(
        owner,
        result.error instanceof SubmissionRejected ? undefined : result.error.message,
      );
    return this.wallets.find(owner)!;
  }

  async depositWallet(controller: string): Promise<DepositWallet | null> {
    return this.wallets.find(address('polygon', controller, 'controller', ''));
  }

  private async place(order: PredictionOrder, options: SubmitOptions = {}): Promise<PredictionFill> {
    const result = await submitRequest(this.world, this.orders, order, {
      network: 'polygon',
      from: order.address,
      to: null,
      faultTarget: 'submission',
      deadlineMs: options.deadlineMs,
    });
    return orderResult<PredictionFill>(settled(result));
  }
}

function normalize(order: { submissionId: string; address: string; outcome: string }) {
  const id = checkSubmissionId(order?.submissionId);
  if (!catalogOutcome(order.outcome))
    refuse('invalid_request', `unknown outcome ${String(order.outcome)}`, id);
  return {
    submissionId: id,
    address: address('polygon', order.address, 'address', id),
    outcome: order.outcome,
  };
}

function amount(value: unknown, field: string, order: { submissionId: string }): bigint {
  if (typeof value !== 'bigint' || value <= 0n)
    refuse('invalid_request', `${field} must be a positive bigint`, order.submissionId);
  return value;
}

function optional<K extends string>(
  field: K,
  value: unknown,
  order: { submissionId: string },
): Partial<Record<K, bigint>> {
  if (value === undefined) return {};
  if (typeof value !== 'bigint' || value < 0n)
    refuse('invalid_request', `${field} must be a non-negative bigint`, order.submissionId);
  return { [field]: value } as Partial<Record<K, bigint>>;
}
