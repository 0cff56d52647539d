import type {
  PerpAccount,
  PerpBook,
  PerpCoin,
  PerpOrderRequest,
  PerpOrderResult,
  PerpVenue,
  SubmitOptions,
} from '@vetted/venues';
import { decimalString, isDecimalString } from '@vetted/venues';
import { address, checkSubmissionId, refuse } from '../chain/chain-tx-rules';
import { settled, submitRequest } from '../txs/submit-request';
import type { World } from '../world/world';
import { iso } from '../world/world-clock';
import { bookAround, type Level } from './order-book';
import { PERP_COINS, perpCoin } from './perp-coins';
import { PerpOrders } from './perp-orders';

/** The sandbox perp venue behind the `PerpVenue` port. */
export class SandboxPerpVenue implements PerpVenue {
  private readonly orders: PerpOrders;

  constructor(private readonly world: World) {
    this.orders = world.submissions.register(new PerpOrders(world));
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
    const request = normalizeOrder(order);
    const result = await submitRequest(this.world, this.orders, request, {
      network: 'perps',
      from: request.address,
      to: null,
      faultTarget: 'submission',
      deadlineMs: options.deadlineMs,
    });
    return settled(result).outcome!.result as PerpOrderResult;
  }

  async order(submissionId: string): Promise<PerpOrderResult | null> {
    const record = this.world.log.bySubmission(submissionId);
    return record?.kind === this.orders.kind ? (record.outcome?.result as PerpOrderResult) : null;
  }

  private coin(coin: string): string {
    if (!perpCoin(coin)) throw new RangeError(`unknown perp coin ${coin}`);
    return coin;
  }
}

function normalizeOrder(order: PerpOrderRequest): PerpOrderRequest {
  const id = checkSubmissionId(order?.submissionId);
  const coin = perpCoin(order.coin);
  if (!coin) refuse('invalid_request', `unknown perp coin ${String(order.coin)}`, id);
  if (order.side !== 'buy' && order.side !== 'sell')
    refuse('invalid_request', 'side must be buy or sell', id);
  for (const field of ['size', 'limitPx'] as const)
    if (!isDecimalString(order[field]) || /^0(\.0*)?$/.test(order[field]))
      refuse('invalid_request', `${field} must be a positive decimal`, id);
  if (typeof order.reduceOnly !== 'boolean') refuse('invalid_request', 'reduceOnly must be a boolean', id);
  if (order.leverage !== undefined && (!Number.isSafeInteger(order.leverage) || order.leverage < 1))
    refuse('invalid_request', 'leverage must be a whole number of at least 1', id);
  return {
    submissionId: id,
    address: address('perps', order.address, 'address', id),
    coin: coin.coin,
    side: order.side,
    size: order.size,
    limitPx: order.limitPx,
    reduceOnly: order.reduceOnly,
    ...(order.leverage !== undefined ? { leverage: order.leverage } : {}),
  };
}
