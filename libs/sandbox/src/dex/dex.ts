import type { AssetId } from '@vetted/venues';
import { Dec, sameAsset } from '@vetted/venues';
import type { Ledger, Movements } from '../ledger/ledger';
import { poolAccount } from '../world/sandbox-accounts';
import { amountOut } from './constant-product';
import type { PoolReserves } from './pool-reserves';
import { routeBetween, type Hop } from './routes';

export interface RouteQuote {
  ok: true;
  amountOutRaw: bigint;
  feeRaw: bigint;
  priceImpact: Dec;
  path: AssetId[];
}

export interface SwapFailure<R extends string = 'no_route' | 'insufficient_liquidity' | 'slippage_exceeded'> {
  ok: false;
  reason: R;
  message: string;
}
export type QuoteFailure = SwapFailure<'no_route' | 'insufficient_liquidity'>;
export type SwapOutcome = { ok: true; amountOutRaw: bigint } | SwapFailure;

/** Swaps along the fewest-pools route, each hop priced by x·y=k on the pool's reserves. */
export class Dex {
  constructor(
    private readonly ledger: Ledger,
    readonly reserves: PoolReserves,
  ) {}

  quote(from: AssetId, to: AssetId, amountInRaw: bigint, nowMs: number): RouteQuote | QuoteFailure {
    const hops = routeBetween(from, to);
    if (!hops) return { ok: false, reason: 'no_route', message: 'no pool route connects these assets' };
    let amount = amountInRaw;
    let keptFraction = new Dec(1);
    let mid = new Dec(amountInRaw.toString());
    for (const hop of hops) {
      const [reserveIn, reserveOut] = this.reservesFor(hop, nowMs, false);
      mid = mid.times(reserveOut.toString()).div(reserveIn.toString());
      keptFraction = keptFraction.times(10_000 - hop.pool.feeBps).div(10_000);
      amount = amountOut(reserveIn, reserveOut, amount, hop.pool.feeBps);
    }
    if (amount === 0n)
      return {
        ok: false,
        reason: 'insufficient_liquidity',
        message: 'the amount is too small to get anything out',
      };
    const feeRaw =
      amountInRaw - BigInt(keptFraction.times(amountInRaw.toString()).toFixed(0, Dec.ROUND_DOWN));
    const noImpact = mid.times(keptFraction);
    const impact = Dec.max(0, new Dec(1).minus(new Dec(amount.toString()).div(noImpact)));
    return {
      ok: true,
      amountOutRaw: amount,
      feeRaw,
      priceImpact: impact.toDecimalPlaces(8, Dec.ROUND_HALF_UP),
      path: [from, ...hops.map((h) => h.output)],
    };
  }

  /** Inside a write: the swap as it executes now, or why it cannot (nothing moves then). */
  swap(
    swap: {
      from: AssetId;
      to: AssetId;
      amountInRaw: bigint;
      minAmountOutRaw: bigint;
      payer: string;
      recipient: string;
    },
    nowMs: number,
    movements: Movements,
  ): SwapOutcome {
    const hops = routeBetween(swap.from, swap.to);
    if (!hops) return { ok: false, reason: 'no_route', message: 'no pool route connects these assets' };
    for (const hop of hops) this.reserves.sync(hop.pool, nowMs);
    const amounts = [swap.amountInRaw];
    for (const hop of hops) {
      const [reserveIn, reserveOut] = this.reservesFor(hop, nowMs, true);
      amounts.push(amountOut(reserveIn, reserveOut, amounts[amounts.length - 1], hop.pool.feeBps));
    }
    const out = amounts[amounts.length - 1];
    if (out === 0n)
      return { ok: false, reason: 'insufficient_liquidity', message: 'the swap would get nothing out' };
    if (out < swap.minAmountOutRaw)
      return {
        ok: false,
        reason: 'slippage_exceeded',
        message: `output ${out} is below the pinned minimum ${swap.minAmountOutRaw}`,
      };
    let holder = swap.payer;
    hops.forEach((hop, i) => {
      const inAccount = poolAccount(hop.pool.id, hop.input.network);
      movements.add(this.ledger.transfer(hop.input.network, hop.input.token, holder, inAccount, amounts[i]));
      holder = poolAccount(hop.pool.id, hop.output.network);
    });
    const last = hops[hops.length - 1].output;
    movements.add(this.ledger.transfer(last.network, last.token, holder, swap.recipient, out));
    return { ok: true, amountOutRaw: out };
  }

  private reservesFor(hop: Hop, nowMs: number, actual: boolean): [bigint, bigint] {
    const reserves = actual ? this.reserves.actual(hop.pool) : this.reserves.expected(hop.pool, nowMs);
    return sameAsset(hop.input, hop.pool.a) ? reserves : [reserves[1], reserves[0]];
  }
}
