import type Decimal from 'decimal.js';
import type { SpotOrderRequest, SpotOrderResult } from '@vetted/venues';
import { Dec, decimalString, meetsPerpMinimum, roundPerpPrice, roundPerpSize } from '@vetted/venues';
import { refuse } from '../chain/chain-tx-rules';
import { Movements } from '../ledger/ledger';
import type { TxContext, TxKind } from '../txs/submissions';
import type { TxOutcome } from '../txs/tx-log';
import { PERP_HOUSE, feeSink } from '../world/sandbox-accounts';
import type { World } from '../world/world';
import { iso } from '../world/world-clock';
import { bookAround, fillSummary, matchIoc, type Level } from './order-book';
import { PERPS_USDC } from './perp-accounts';
import { PERP_TAKER_FEE, perpCoin } from './perp-coins';
import { spotCoinMovement, type SpotBalances } from './spot-balances';

const USDC_UNIT = new Dec(1_000_000);
const toRaw = (usdc: Dec, rounding: Decimal.Rounding): bigint =>
  BigInt(usdc.times(USDC_UNIT).toFixed(0, rounding));

interface Plan {
  size: Dec;
  limitPx: Dec;
  fills: Level[];
  filled: Dec;
  quoteRaw: bigint;
  feeRaw: bigint;
}

/**
 * Spot orders on the perp venue: IOC against the coin's derived book (the perp book: one venue, one
 * price), checked for the minimum and for funds before anything moves. The house is the other side:
 * it sells coins from an unbounded inventory and buys any back, and the USDC it is paid or pays is
 * its ledger balance on `perps`, so USDC is conserved (the fee goes to the fee sink). A buy may only
 * spend what the margin account could withdraw: margin in use is never spent on spot. The outcome's
 * transfers show both sides: the USDC (and the fee), and the coins between the house and the trader
 * (token = the coin, raw units of 10^-szDecimals; the coins are spot balances, not ledger tokens).
 */
export class SpotOrders implements TxKind<SpotOrderRequest> {
  readonly kind = 'spotOrder';
  readonly settlesAtOnce = true;
  readonly usesNonce = false;

  constructor(
    private readonly world: World,
    private readonly balances: SpotBalances,
  ) {}

  preflight(order: SpotOrderRequest, nowMs: number): void {
    this.plan(order, nowMs);
  }

  execute(order: SpotOrderRequest, context: TxContext): TxOutcome {
    const plan = this.plan(order, context.nowMs);
    const { ledger } = this.world;
    const held = this.balances.balance(order.address, order.coin);
    const buy = order.side === 'buy';
    const balance = buy ? held.plus(plan.filled) : held.minus(plan.filled);
    this.balances.save(order.address, order.coin, balance);
    const movements = new Movements();
    const [payer, payee] = buy ? [order.address, PERP_HOUSE] : [PERP_HOUSE, order.address];
    movements.add(ledger.transfer('perps', PERPS_USDC, payer, payee, plan.quoteRaw));
    movements.add(
      spotCoinMovement(perpCoin(order.coin)!, order.address, PERP_HOUSE, order.side, plan.filled),
    );
    movements.add(ledger.transfer('perps', PERPS_USDC, order.address, feeSink('perps'), plan.feeRaw, 'fee'));
    const result = this.result(order, plan, balance, context);
    return { status: 'success', feeRaw: plan.feeRaw, transfers: movements.list, error: null, result };
  }

  private plan(order: SpotOrderRequest, nowMs: number): Plan {
    const coin = perpCoin(order.coin)!;
    const id = order.submissionId;
    const size = new Dec(roundPerpSize(order.size, coin));
    const limitPx = new Dec(roundPerpPrice(order.limitPx, order.side, coin));
    if (size.isZero()) refuse('below_minimum', `the size rounds to zero at ${coin.szDecimals} decimals`, id);
    if (!meetsPerpMinimum(size.toFixed(), limitPx.toFixed()))
      refuse('below_minimum', 'rounded size times limit price is below 10 USDC', id);

    if (order.side === 'buy') {
      const worst = size.times(limitPx);
      const worstRaw = toRaw(worst, Dec.ROUND_UP) + toRaw(worst.times(PERP_TAKER_FEE), Dec.ROUND_UP);
      const free = this.world.perpAccounts.withdrawableRaw(order.address, nowMs);
      if (worstRaw > free)
        refuse(
          'insufficient_funds',
          `buying ${size.toFixed()} ${coin.coin} at up to ${limitPx.toFixed()} needs ${formatUsdc(worstRaw)} USDC with the fee; ` +
            `${formatUsdc(free)} USDC is withdrawable`,
          id,
        );
    } else {
      const held = this.balances.balance(order.address, coin.coin);
      if (held.lt(size))
        refuse(
          'insufficient_funds',
          `selling ${size.toFixed()} ${coin.coin} needs them; the spot balance is ${held.toFixed()}`,
          id,
        );
    }

    const mark = this.world.perpAccounts.mark(coin.coin, nowMs);
    const fills = matchIoc(bookAround(coin, mark), order.side, limitPx, size);
    const filled = fills.reduce((sum, f) => sum.plus(f.size), new Dec(0));
    const notional = fills.reduce((sum, f) => sum.plus(f.size.times(f.px)), new Dec(0));
    const quoteRaw = toRaw(notional, order.side === 'buy' ? Dec.ROUND_UP : Dec.ROUND_DOWN);
    const fullFee = toRaw(notional.times(PERP_TAKER_FEE), Dec.ROUND_UP);
    // The fee comes after the payment (or the proceeds); a buy's worst case was checked above.
    const balanceRaw = this.world.ledger.balance('perps', order.address, PERPS_USDC);
    const payable = order.side === 'sell' ? balanceRaw + quoteRaw : balanceRaw - quoteRaw;
    const feeRaw = fullFee < payable ? fullFee : payable;
    return { size, limitPx, fills, filled, quoteRaw, feeRaw };
  }

  /** The result as the log keeps it; the port adds the block the order landed in. */
  private result(
    order: SpotOrderRequest,
    plan: Plan,
    balance: Dec,
    context: TxContext,
  ): Omit<SpotOrderResult, 'blockNumber'> {
    return {
      submissionId: order.submissionId,
      hash: context.hash,
      coin: order.coin,
      side: order.side,
      size: decimalString(plan.size),
      limitPx: decimalString(plan.limitPx),
      ...fillSummary(plan.fills, plan.size),
      quoteRaw: plan.quoteRaw,
      feeRaw: plan.feeRaw,
      balance: decimalString(balance),
      placedAt: iso(context.nowMs),
    };
  }
}

const formatUsdc = (raw: bigint): string => decimalString(new Dec(raw.toString()).div(USDC_UNIT));
