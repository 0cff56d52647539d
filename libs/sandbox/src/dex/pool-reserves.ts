import type Database from 'better-sqlite3';
import type { AssetId } from '@vetted/venues';
import { Dec, assetKey } from '@vetted/venues';
import type { Ledger } from '../ledger/ledger';
import type { AssetPrices } from '../prices/asset-prices';
import { registeredToken } from '../tokens/token-registry';
import { arbitrageur, poolAccount } from '../world/sandbox-accounts';
import { oracleReserves, rawForUsd } from './constant-product';
import { POOLS, type PoolSpec } from './pools';

const ARBITRAGE_INVENTORY_MULTIPLE = 100n;

/** A pool's oracle target, for the oracle version and the reserves it was computed from. */
interface Target {
  version: string;
  from: [bigint, bigint];
  to: [bigint, bigint];
}

/**
 * Pool reserves are the pool accounts' balances. Between price steps a pool keeps the impact of
 * the swaps made against it; once the oracle has moved, the arbitrageur (an account with its own
 * inventory) trades the pool back to the oracle price before the next swap, moving value like
 * anyone else, so conservation holds. Each pool remembers the oracle version it last synced to.
 */
export class PoolReserves {
  private synced = new Map<string, string>();
  /**
   * The last target per pool. Between price steps every quote of a pool nobody swapped against
   * asks for the same one, and computing it (decimal prices, a bigint square root) was more than
   * half the cost of a quote.
   */
  private readonly targets = new Map<string, Target>();
  private readonly selectSynced: Database.Statement<[], [string, string]>;
  private readonly upsertSynced: Database.Statement<[string, string]>;

  constructor(
    db: Database.Database,
    private readonly ledger: Ledger,
    private readonly prices: AssetPrices,
  ) {
    this.selectSynced = db.prepare<[], [string, string]>('SELECT id, synced FROM pools').raw(true);
    this.upsertSynced = db.prepare(
      'INSERT INTO pools (id, synced) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET synced = excluded.synced',
    );
    this.reload();
  }

  reload(): void {
    this.synced = new Map(this.selectSynced.all());
    // A rolled-back price change may be made again at the same revision with another price.
    this.targets.clear();
  }

  /** Seeds every pool with `depthUsd` per side and the arbitrageur with a multiple of it. */
  genesis(nowMs: number): void {
    for (const pool of POOLS) {
      for (const side of [pool.a, pool.b]) {
        const price = this.oracle(side, nowMs).usd;
        const raw = rawForUsd(new Dec(pool.depthUsd), price, registeredToken(side)!.decimals);
        this.ledger.deposit(side.network, side.token, poolAccount(pool.id, side.network), raw);
        const inventory = raw * ARBITRAGE_INVENTORY_MULTIPLE;
        this.ledger.deposit(side.network, side.token, arbitrageur(side.network), inventory);
      }
      this.markSynced(pool, this.version(pool, nowMs));
    }
  }

  /** What the pool holds now: [side a, side b]. */
  actual(pool: PoolSpec): [bigint, bigint] {
    return [this.reserve(pool, pool.a), this.reserve(pool, pool.b)];
  }

  /** The reserves as they will be once the arbitrageur has reacted to the current prices (no writes). */
  expected(pool: PoolSpec, nowMs: number): [bigint, bigint] {
    const reserves = this.actual(pool);
    const version = this.version(pool, nowMs);
    if (this.synced.get(pool.id) === version) return reserves;
    return this.target(pool, reserves, version, nowMs);
  }

  /** Inside a write: lets the arbitrageur trade the pool to the oracle price if it moved. */
  sync(pool: PoolSpec, nowMs: number): void {
    const version = this.version(pool, nowMs);
    if (this.synced.get(pool.id) === version) return;
    const [a, b] = this.actual(pool);
    const [ta, tb] = this.target(pool, [a, b], version, nowMs);
    if (this.canMove(pool.a, a, ta) && this.canMove(pool.b, b, tb)) {
      this.rebalance(pool, pool.a, a, ta);
      this.rebalance(pool, pool.b, b, tb);
    }
    this.markSynced(pool, version);
  }

  private reserve(pool: PoolSpec, side: AssetId): bigint {
    return this.ledger.balance(side.network, poolAccount(pool.id, side.network), side.token);
  }

  private canMove(side: AssetId, have: bigint, want: bigint): boolean {
    return (
      want <= have || this.ledger.balance(side.network, arbitrageur(side.network), side.token) >= want - have
    );
  }

  private rebalance(pool: PoolSpec, side: AssetId, have: bigint, want: bigint): void {
    const account = poolAccount(pool.id, side.network);
    const arb = arbitrageur(side.network);
    if (want > have) this.ledger.transfer(side.network, side.token, arb, account, want - have);
    else if (have > want) this.ledger.transfer(side.network, side.token, account, arb, have - want);
  }

  /** The reserves trading `[a, b]` to the oracle prices of `version` leaves (the same version, the same prices). */
  private target(pool: PoolSpec, [a, b]: [bigint, bigint], version: string, nowMs: number): [bigint, bigint] {
    const last = this.targets.get(pool.id);
    if (last && last.version === version && last.from[0] === a && last.from[1] === b) return last.to;
    const to = this.computeTarget(pool, a, b, nowMs);
    this.targets.set(pool.id, { version, from: [a, b], to });
    return to;
  }

  private computeTarget(pool: PoolSpec, a: bigint, b: bigint, nowMs: number): [bigint, bigint] {
    const [usdA, usdB] = [this.oracle(pool.a, nowMs).usd, this.oracle(pool.b, nowMs).usd];
    return oracleReserves(
      a,
      b,
      usdA,
      usdB,
      registeredToken(pool.a)!.decimals,
      registeredToken(pool.b)!.decimals,
    );
  }

  private version(pool: PoolSpec, nowMs: number): string {
    return `${this.oracle(pool.a, nowMs).version}/${this.oracle(pool.b, nowMs).version}`;
  }

  private markSynced(pool: PoolSpec, version: string): void {
    this.upsertSynced.run(pool.id, version);
    this.synced.set(pool.id, version);
  }

  private oracle(asset: AssetId, nowMs: number): { usd: Dec; version: string } {
    const quote = this.prices.quote(asset, nowMs);
    if (!quote) throw new Error(`pool asset ${assetKey(asset)} has no price series`);
    return quote;
  }
}
