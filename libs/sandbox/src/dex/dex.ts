import type { AssetId } from '@vetted/venues';
import { formatUnits, sameAsset } from '@vetted/venues';
import type { Ledger, Movements } from '../ledger/ledger';
import { poolAccount } from '../world/sandbox-accounts';
import { amountOut } from './constant-product';
import type { PoolReserves } from './pool-reserves';
import { routeBetween, type Hop } from './routes';

export interface RouteQuote {
  ok: true;
  amountOutRaw: bigint;
  feeRaw: bigint;
  /** Fraction lost to price impact, fees excluded, to 8 places rounded half up (`"0.0012"`). */
  priceImpact: string;
  path: AssetId[];
}

export interface SwapFailure<R extends string = 'no_route' | 'insufficient_liquidity' | 'slippage_exceeded'> {
  ok: false;
  reason: R;
  message: string;
}
export type QuoteFailure = SwapFailure<'no_route' | 'insufficient_liquidity'>;
export type SwapOutcome = { ok: true; amountOutRaw: bigint } | SwapFailure;

const BPS = 10_000n;
const IMPACT_PLACES = 8;
const IMPACT_SCALE = 10n ** BigInt(IMPACT_PLACES);

/** `num / den` (both positive) to the nearest integer, halves up. */
function roundHalfUp(num: bigint, den: bigint): bigint {
  const quotient = num / den;
  return 2n * (num % den) >= den ? quotient + 1n : quotient;
}

/** Swaps along the fewest-pools route, each hop priced by x·y=k on the pool's reserves. */
export class Dex {
  constructor(
    private readonly ledger: Ledger,
    readonly reserves: PoolReserves,
  ) {}

  quote(from: AssetId, to: AssetId, amountInRaw: bigint, nowMs: number): RouteQuote | QuoteFailure {
    const hops = routeBetween(from, to);
    if (!hops) return { ok: false, reason: 'no_route', message: 'no pool route connects these assets' };
    // Exact rationals, as num / den: the output without impact is amountIn × Π(reserveOut /
    // reserveIn) × Π kept, where a hop keeps (10000 − feeBps) / 10000 of what goes in.
    let amount = amountInRaw;
    let noImpactNum = amountInRaw;
    let noImpactDen = 1n;
    let keptNum = 1n;
    let keptDen = 1n;
    for (const hop of hops) {
      const [reserveIn, reserveOut] = this.reservesFor(hop, nowMs, false);
      const kept = BPS - BigInt(hop.pool.feeBps);
      noImpactNum *= reserveOut * kept;
      noImpactDen *= reserveIn * BPS;
      keptNum *= kept;
      keptDen *= BPS;
      amount = amountOut(reserveIn, reserveOut, amount, hop.pool.feeBps);
    }
    if (amount === 0n)
      return {
        ok: false,
        reason: 'insufficient_liquidity',
        message: 'the amount is too small to get anything out',
      };
    // impact = 1 − amount / noImpact = (noImpactNum − amount × noImpactDen) / noImpactNum
    const lost = noImpactNum - amount * noImpactDen;
    return {
      ok: true,
      amountOutRaw: amount,
      feeRaw: amountInRaw - (amountInRaw * keptNum) / keptDen,
      priceImpact:
        lost <= 0n ? '0' : formatUnits(roundHalfUp(lost * IMPACT_SCALE, noImpactNum), IMPACT_PLACES),
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
