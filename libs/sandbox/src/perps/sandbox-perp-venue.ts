import { extend } from '@vetted/kernel';
import type {
  PerpAccount,
  PerpBook,
  PerpCoin,
  PerpOrderRequest,
  PerpOrderResult,
  PerpVenue,
  SpotBalance,
  SpotOrderRequest,
  SpotOrderResult,
  SubmitOptions,
} from '@vetted/venues';
import { decimalString, isDecimalString } from '@vetted/venues';
import { address, checkSubmissionId, refuse } from '../chain/chain-tx-rules';
import { orderResult, settled, submitRequest } from '../txs/submit-request';
import type { TxKind } from '../txs/submissions';
import type { World } from '../world/world';
import { iso } from '../world/world-clock';
import { bookAround, type Level } from './order-book';
import { PERP_COINS, perpCoin } from './perp-coins';
import { PerpOrders } from './perp-orders';
import { SpotOrders } from './spot-orders';

/** The sandbox perp venue behind the `PerpVenue` port: perp markets, and spot markets of the same coins. */
export class SandboxPerpVenue implements PerpVenue {
  private readonly orders: PerpOrders;
  private readonly spotOrders: SpotOrders;

  constructor(private readonly world: World) {
    this.orders = world.submissions.register(new PerpOrders(world));
    this.spotOrders = world.submissions.register(new SpotOrders(world, world.spot));
  }

  async coins(): Promise<PerpCoin[]> {
    return PERP_COINS.map(({ coin, szDecimals, maxLeverage }) => ({ coin, szDecimals, maxLeverage }));
  }

  async markPrice(coin: string): Promise<string> {
    return decimalString(this.world.perpAccounts.mark(this.coin(coin), this.world.clock.nowMs()));
  }

  async book(coin: string): Promise<PerpBook> {
    const spec = perpCoin(this.coin(coin))!;
    const nowMs = this.world.clock.nowMs();
    const mark = this.world.perpAccounts.mark(spec.coin, nowMs);
    const { bids, asks } = bookAround(spec, mark);
    const render = (l: Level) => ({ px: decimalString(l.px), size: decimalString(l.size) });
    return {
      coin: spec.coin,
      markPx: decimalString(mark),
      bids: bids.map(render),
      asks: asks.map(render),
      at: iso(nowMs),
    };
  }

  async account(owner: string): Promise<PerpAccount> {
    const normalized = address('perps', owner, 'address', '');
    this.world.settleIfDue();
    return this.world.perpAccounts.account(normalized, this.world.clock.nowMs());
  }

  async placeOrder(order: PerpOrderRequest, options: SubmitOptions = {}): Promise<PerpOrderResult> {
    return this.submit(this.orders, normalizeOrder(order), options);
  }

  async order(submissionId: string): Promise<PerpOrderResult | null> {
    const record = this.world.log.bySubmission(submissionId);
    return record?.kind === this.orders.kind && record.outcome ? orderResult<PerpOrderResult>(record) : null;
  }

  async spotBalances(owner: string): Promise<SpotBalance[]> {
    return this.world.spot.all(address('perps', owner, 'address', ''));
  }

  async placeSpotOrder(order: SpotOrderRequest, options: SubmitOptions = {}): Promise<SpotOrderResult> {
    return this.submit(this.spotOrders, normalizeLimitOrder(order), options);
  }

  /** Orders execute at submission, so the result is the settled record's. */
  private async submit<R extends SpotOrderRequest, T>(
    kind: TxKind<R>,
    request: R,
    options: SubmitOptions,
  ): Promise<T> {
    const result = await submitRequest(this.world, kind, request, {
      network: 'perps',
      from: request.address,
      to: null,
      faultTarget: 'submission',
      deadlineMs: options.deadlineMs,
    });
    return orderResult<T>(settled(result));
  }

  async spotOrder(submissionId: string): Promise<SpotOrderResult | null> {
    const record = this.world.log.bySubmission(submissionId);
    return record?.kind === this.spotOrders.kind && record.outcome
      ? orderResult<SpotOrderResult>(record)
      : null;
  }

  private coin(coin: string): string {
    if (!perpCoin(coin)) throw new RangeError(`unknown perp coin ${coin}`);
    return coin;
  }
}

function normalizeOrder(order: PerpOrderRequest): PerpOrderRequest {
  const common = normalizeLimitOrder(order);
  const id = common.submissionId;
  if (typeof order.reduceOnly !== 'boolean') refuse('invalid_request', 'reduceOnly must be a boolean', id);
  if (order.leverage !== undefined && (!Number.isSafeInteger(order.leverage) || order.leverage < 1))
    refuse('invalid_request', 'leverage must be a whole number of at least 1', id);
  return extend(common, {
    reduceOnly: order.reduceOnly,
    ...(order.leverage !== undefined ? { leverage: order.leverage } : {}),
  });
}

/** What perp and spot orders share: id, address, a known coin, a side, positive size and limit. */
export function normalizeLimitOrder(order: SpotOrderRequest): SpotOrderRequest {
  const id = checkSubmissionId(order?.submissionId);
  const coin = perpCoin(order.coin);
  if (!coin) refuse('invalid_request', `unknown perp coin ${String(order.coin)}`, id);
  if (order.side !== 'buy' && order.side !== 'sell')
    refuse('invalid_request', 'side must be buy or sell', id);
  for (const field of ['size', 'limitPx'] as const)
    if (!isDecimalString(order[field]) || /^0(\.0*)?$/.test(order[field]))
      refuse('invalid_request', `${field} must be a positive decimal`, id);
  return {
    submissionId: id,
    address: address('perps', order.address, 'address', id),
    coin: coin.coin,
    side: order.side,
    size: order.size,
    limitPx: order.limitPx,
  };
}
