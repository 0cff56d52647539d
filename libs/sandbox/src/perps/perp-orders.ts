import type Decimal from 'decimal.js';
import type { PerpOrderRequest, PerpOrderResult } from '@vetted/venues';
import { Dec, decimalString, meetsPerpMinimum, roundPerpPrice, roundPerpSize } from '@vetted/venues';
import { refuse } from '../chain/chain-tx-rules';
import { Movements } from '../ledger/ledger';
import type { TxContext, TxKind } from '../txs/submissions';
import type { TxOutcome } from '../txs/tx-log';
import { PERP_HOUSE, feeSink } from '../world/sandbox-accounts';
import type { World } from '../world/world';
import { iso } from '../world/world-clock';
import { bookAround, fillSummary, matchIoc, type Level } from './order-book';
import { PERPS_USDC, type StoredPosition } from './perp-accounts';
import { PERP_TAKER_FEE, defaultLeverage, perpCoin } from './perp-coins';
import { applyFill } from './position-math';

const USDC_UNIT = new Dec(1_000_000);

interface Plan {
  size: Dec;
  limitPx: Dec;
  fills: Level[];
  next: StoredPosition;
  /** Signed USDC raw moved between the house and the trader (losses capped at the balance). */
  pnlRaw: bigint;
  feeRaw: bigint;
}

const toRaw = (usdc: Dec, rounding: Decimal.Rounding): bigint =>
  BigInt(usdc.times(USDC_UNIT).toFixed(0, rounding));

/**
 * Perp orders: IOC against the derived book, checked for the minimum, leverage cap and initial
 * margin before anything moves. The house takes the other side of every fill; a loss beyond the
 * account's balance is absorbed by the house (the sandbox has no liquidation engine).
 */
export class PerpOrders implements TxKind<PerpOrderRequest> {
  readonly kind = 'perpOrder';
  readonly settlesAtOnce = true;
  readonly usesNonce = false;

  constructor(private readonly world: World) {}

  preflight(order: PerpOrderRequest, nowMs: number): void {
    this.plan(order, nowMs);
  }

  execute(order: PerpOrderRequest, context: TxContext): TxOutcome {
    const plan = this.plan(order, context.nowMs);
    const { ledger, perpAccounts } = this.world;
    perpAccounts.save(order.address, order.coin, plan.next, plan.next.leverage);
    const movements = new Movements();
    if (plan.pnlRaw > 0n)
      movements.add(ledger.transfer('perps', PERPS_USDC, PERP_HOUSE, order.address, plan.pnlRaw));
    if (plan.pnlRaw < 0n)
      movements.add(ledger.transfer('perps', PERPS_USDC, order.address, PERP_HOUSE, -plan.pnlRaw));
    movements.add(ledger.transfer('perps', PERPS_USDC, order.address, feeSink('perps'), plan.feeRaw, 'fee'));
    const result = this.result(order, plan, context);
    return { status: 'success', feeRaw: plan.feeRaw, transfers: movements.list, error: null, result };
  }

  private plan(order: PerpOrderRequest, nowMs: number): Plan {
    const coin = perpCoin(order.coin)!;
    const { perpAccounts, ledger } = this.world;
    const id = order.submissionId;
    const stored = perpAccounts.position(order.address, order.coin);
    const current: StoredPosition = stored ?? {
      coin: coin.coin,
      size: new Dec(0),
      entryPx: new Dec(0),
      leverage: defaultLeverage(coin),
    };
    const leverage = order.leverage ?? current.leverage;
    if (leverage > coin.maxLeverage)
      refuse('leverage_too_high', `${coin.coin} allows at most ${coin.maxLeverage}x`, id);

    let size = new Dec(roundPerpSize(order.size, coin));
    const limitPx = new Dec(roundPerpPrice(order.limitPx, order.side, coin));
    let closesWhole = false;
    if (order.reduceOnly) {
      const reduces = !current.size.isZero() && current.size.isPos() === (order.side === 'sell');
      if (!reduces) {
        const wanted = order.side === 'sell' ? 'long' : 'short';
        const held = current.size.isZero() ? 'none' : `a ${current.size.isPos() ? 'long' : 'short'} one`;
        refuse(
          'reduce_only',
          `a reduce-only ${order.side} reduces a ${wanted} ${coin.coin} position; the wallet holds ${held}`,
          id,
        );
      }
      if (size.gte(current.size.abs())) [size, closesWhole] = [current.size.abs(), true];
    }
    if (size.isZero()) refuse('below_minimum', `the size rounds to zero at ${coin.szDecimals} decimals`, id);
    if (!closesWhole && !meetsPerpMinimum(size.toFixed(), limitPx.toFixed()))
      refuse('below_minimum', 'rounded size times limit price is below 10 USDC', id);

    const mark = perpAccounts.mark(coin.coin, nowMs);
    const fills = matchIoc(bookAround(coin, mark), order.side, limitPx, size);
    let position: { size: Dec; entryPx: Dec } = current;
    let realized = new Dec(0);
    let notional = new Dec(0);
    for (const fill of fills) {
      const applied = applyFill(position, order.side === 'buy' ? fill.size : fill.size.neg(), fill.px);
      position = applied.position;
      realized = realized.plus(applied.realized);
      notional = notional.plus(fill.size.times(fill.px));
    }
    const next: StoredPosition = { coin: coin.coin, ...position, leverage };

    const balance = ledger.balance('perps', order.address, PERPS_USDC);
    const pnlRaw = realized.isNeg()
      ? -[toRaw(realized.neg(), Dec.ROUND_UP), balance].reduce((a, b) => (a < b ? a : b))
      : toRaw(realized, Dec.ROUND_DOWN);
    const fullFee = toRaw(notional.times(PERP_TAKER_FEE), Dec.ROUND_UP);
    const afterPnl = balance + pnlRaw;
    const feeRaw = fullFee < afterPnl ? fullFee : afterPnl;

    const growsExposure =
      next.size.abs().gt(current.size.abs()) || next.size.isPos() !== current.size.isPos();
    const needsMoreMargin = growsExposure || leverage < current.leverage;
    if (needsMoreMargin && !next.size.isZero()) {
      const after = perpAccounts.valuation(order.address, nowMs, next);
      const value = new Dec((afterPnl - feeRaw).toString()).div(USDC_UNIT).plus(after.upnl);
      if (after.margin.gt(value))
        refuse(
          'insufficient_margin',
          `needs ${after.margin.toFixed(6)} USDC of margin, the account has ${value.toFixed(6)}`,
          id,
        );
    }
    return { size, limitPx, fills, next, pnlRaw, feeRaw };
  }

  /** The result as the log keeps it; the port adds the block the order landed in. */
  private result(
    order: PerpOrderRequest,
    plan: Plan,
    context: TxContext,
  ): Omit<PerpOrderResult, 'blockNumber'> {
    return {
      submissionId: order.submissionId,
      hash: context.hash,
      coin: order.coin,
      side: order.side,
      size: decimalString(plan.size),
      limitPx: decimalString(plan.limitPx),
      ...fillSummary(plan.fills, plan.size),
      feeRaw: plan.feeRaw,
      realizedPnlRaw: plan.pnlRaw,
      position: plan.next.size.isZero() ? null : this.world.perpAccounts.render(plan.next, context.nowMs),
      placedAt: iso(context.nowMs),
    };
  }
}
