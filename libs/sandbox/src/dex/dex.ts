import type Database from 'better-sqlite3';
import type { AssetId } from '@vetted/venues';
import { Dec, assetKey, sameAsset } from '@vetted/venues';
import type { Ledger, Movements } from '../ledger/ledger';
import type { AssetPrices } from '../prices/asset-prices';
import { registeredToken } from '../tokens/token-registry';
import { arbitrageur, poolAccount } from '../world/sandbox-accounts';
import { amountOut, oracleReserves, rawForUsd } from './constant-product';
import { POOLS, type PoolSpec } from './pools';

interface Hop {
  pool: PoolSpec;
  input: AssetId;
  output: AssetId;
}

export interface RouteQuote {
  ok: true;
  amountOutRaw: bigint;
  feeRaw: bigint;
  priceImpact: Dec;
  path: AssetId[];
}

export interface SwapFailure {
  ok: false;
  reason: 'no_route' | 'insufficient_liquidity' | 'slippage_exceeded';
  message: string;
}
export type SwapOutcome = { ok: true; amountOutRaw: bigint } | SwapFailure;

const ARBITRAGE_INVENTORY_MULTIPLE = 100n;

/**
 * Constant-product pools whose reserves are real balances in the ledger. Between price steps a pool
 * keeps the impact of the swaps made against it; when the oracle moves, an arbitrageur (with its
 * own inventory) trades it back to the oracle price, so value is conserved throughout.
 */
export class Dex {
  private readonly graph = new Map<string, Hop[]>();
  private readonly paths = new Map<string, Hop[] | null>();
  private synced = new Map<string, string>();
  private readonly selectSynced: Database.Statement<[], [string, string]>;
  private readonly upsertSynced: Database.Statement<[string, string]>;

  constructor(
    db: Database.Database,
    private readonly ledger: Ledger,
    private readonly prices: AssetPrices,
  ) {
    for (const pool of POOLS) {
      this.edge(pool, pool.a, pool.b);
      this.edge(pool, pool.b, pool.a);
    }
    this.selectSynced = db.prepare<[], [string, string]>('SELECT id, synced FROM pools').raw(true);
    this.upsertSynced = db.prepare(
      'INSERT INTO pools (id, synced) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET synced = excluded.synced',
    );
    this.reload();
  }

  reload(): void {
    this.synced = new Map(this.selectSynced.all());
  }

  /** Seeds every pool with `depthUsd` per side and the arbitrageur with a multiple of it. */
  genesis(nowMs: number): void {
    for (const pool of POOLS) {
      for (const side of [pool.a, pool.b]) {
        const price = this.oracle(side, nowMs).usd;
        const raw = rawForUsd(new Dec(pool.depthUsd), price, registeredToken(side)!.decimals);
        this.ledger.deposit(side.network, side.token, poolAccount(pool.id, side.network), raw);
        this.ledger.deposit(side.network, side.token, arbitrageur(side.network), raw * ARBITRAGE_INVENTORY_MULTIPLE);
      }
      this.markSynced(pool, nowMs);
    }
  }

  /** The hops from one asset to another (fewest pools), or null. */
  path(from: AssetId, to: AssetId): Hop[] | null {
    const cacheKey = `${assetKey(from)}>${assetKey(to)}`;
    if (!this.paths.has(cacheKey)) this.paths.set(cacheKey, this.search(from, to));
    return this.paths.get(cacheKey) ?? null;
  }

  quote(from: AssetId, to: AssetId, amountInRaw: bigint, nowMs: number): RouteQuote | SwapFailure {
    const hops = this.path(from, to);
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
    if (amount === 0n) return { ok: false, reason: 'insufficient_liquidity', message: 'the amount is too small to get anything out' };
    const feeRaw = amountInRaw - BigInt(keptFraction.times(amountInRaw.toString()).toFixed(0, Dec.ROUND_DOWN));
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
    swap: { from: AssetId; to: AssetId; amountInRaw: bigint; minAmountOutRaw: bigint; payer: string; recipient: string },
    nowMs: number,
    movements: Movements,
  ): SwapOutcome {
    const hops = this.path(swap.from, swap.to);
    if (!hops) return { ok: false, reason: 'no_route', message: 'no pool route connects these assets' };
    for (const hop of hops) this.sync(hop.pool, nowMs);
    const amounts = [swap.amountInRaw];
    for (const hop of hops) {
      const [reserveIn, reserveOut] = this.reservesFor(hop, nowMs, true);
      amounts.push(amountOut(reserveIn, reserveOut, amounts[amounts.length - 1], hop.pool.feeBps));
    }
    const out = amounts[amounts.length - 1];
    if (out === 0n) return { ok: false, reason: 'insufficient_liquidity', message: 'the swap would get nothing out' };
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
    const reserves = actual ? this.reserves(hop.pool) : this.virtualReserves(hop.pool, nowMs);
    return sameAsset(hop.input, hop.pool.a) ? reserves : [reserves[1], reserves[0]];
  }

  private reserves(pool: PoolSpec): [bigint, bigint] {
    return [this.reserve(pool, pool.a), this.reserve(pool, pool.b)];
  }

  private reserve(pool: PoolSpec, side: AssetId): bigint {
    return this.ledger.balance(side.network, poolAccount(pool.id, side.network), side.token);
  }

  /** The reserves as they will be once the arbitrageur has reacted to the current prices. */
  private virtualReserves(pool: PoolSpec, nowMs: number): [bigint, bigint] {
    const reserves = this.reserves(pool);
    if (this.synced.get(pool.id) === this.version(pool, nowMs)) return reserves;
    return this.target(pool, reserves, nowMs);
  }

  private sync(pool: PoolSpec, nowMs: number): void {
    const version = this.version(pool, nowMs);
    if (this.synced.get(pool.id) === version) return;
    const [a, b] = this.reserves(pool);
    const [ta, tb] = this.target(pool, [a, b], nowMs);
    const canMove = (side: AssetId, have: bigint, want: bigint): boolean =>
      want <= have || this.ledger.balance(side.network, arbitrageur(side.network), side.token) >= want - have;
    if (canMove(pool.a, a, ta) && canMove(pool.b, b, tb)) {
      this.rebalance(pool, pool.a, a, ta);
      this.rebalance(pool, pool.b, b, tb);
    }
    this.upsertSynced.run(pool.id, version);
    this.synced.set(pool.id, version);
  }

  private rebalance(pool: PoolSpec, side: AssetId, have: bigint, want: bigint): void {
    const account = poolAccount(pool.id, side.network);
    const arb = arbitrageur(side.network);
    if (want > have) this.ledger.transfer(side.network, side.token, arb, account, want - have);
    else if (have > want) this.ledger.transfer(side.network, side.token, account, arb, have - want);
  }

  private target(pool: PoolSpec, [a, b]: [bigint, bigint], nowMs: number): [bigint, bigint] {
    const decimals = (asset: AssetId): number => registeredToken(asset)!.decimals;
    return oracleReserves(a, b, this.oracle(pool.a, nowMs).usd, this.oracle(pool.b, nowMs).usd, decimals(pool.a), decimals(pool.b));
  }

  private version(pool: PoolSpec, nowMs: number): string {
    return `${this.oracle(pool.a, nowMs).version}/${this.oracle(pool.b, nowMs).version}`;
  }

  private markSynced(pool: PoolSpec, nowMs: number): void {
    const version = this.version(pool, nowMs);
    this.upsertSynced.run(pool.id, version);
    this.synced.set(pool.id, version);
  }

  private oracle(asset: AssetId, nowMs: number): { usd: Dec; version: string } {
    const quote = this.prices.quote(asset, nowMs);
    if (!quote) throw new Error(`pool asset ${assetKey(asset)} has no price series`);
    return quote;
  }

  private edge(pool: PoolSpec, input: AssetId, output: AssetId): void {
    const key = assetKey(input);
    this.graph.set(key, [...(this.graph.get(key) ?? []), { pool, input, output }]);
  }

  private search(from: AssetId, to: AssetId): Hop[] | null {
    if (sameAsset(from, to)) return null;
    const previous = new Map<string, Hop | null>([[assetKey(from), null]]);
    const queue = [from];
    while (queue.length > 0) {
      const current = queue.shift()!;
      for (const hop of this.graph.get(assetKey(current)) ?? []) {
        const key = assetKey(hop.output);
        if (previous.has(key)) continue;
        previous.set(key, hop);
        if (key === assetKey(to)) return this.unwind(previous, to);
        queue.push(hop.output);
      }
    }
    return null;
  }

  private unwind(previous: Map<string, Hop | null>, to: AssetId): Hop[] {
    const hops: Hop[] = [];
    for (let hop = previous.get(assetKey(to)); hop; hop = previous.get(assetKey(hop.input))) hops.unshift(hop);
    return hops;
  }
}
