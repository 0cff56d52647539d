import type Database from 'better-sqlite3';
import { type Clock, WAL_AUTOCHECKPOINT_PAGES, WalCheckpointer, passiveCheckpointOn } from '@vetted/kernel';
import { Dec } from '@vetted/venues';
import { Dex } from '../dex/dex';
import { PoolReserves } from '../dex/pool-reserves';
import { FaultPlan } from '../faults/fault-plan';
import { Allowances } from '../ledger/allowances';
import { Ledger } from '../ledger/ledger';
import { PerpAccounts } from '../perps/perp-accounts';
import { SpotBalances } from '../perps/spot-balances';
import { CATALOG_OUTCOMES } from '../predict/market-catalog';
import { MarketBook } from '../predict/market-book';
import { AssetPrices } from '../prices/asset-prices';
import { PriceBoard } from '../prices/price-board';
import { SERIES, outcomeSeries } from '../prices/price-series';
import { FileOwner } from '../store/file-owner';
import { Meta, openSandboxDatabase, type SynchronousMode } from '../store/sandbox-database';
import { WriteQueue } from '../store/write-queue';
import { USDC_ADDRESSES, PUSD_POLYGON } from '../tokens/token-registry';
import { Blocks } from '../txs/blocks';
import { Submissions } from '../txs/submissions';
import { TxLog } from '../txs/tx-log';
import { PERP_HOUSE, PREDICT_TREASURY } from './sandbox-accounts';
import { WorldClock } from './world-clock';

export interface WorldOptions {
  file: string;
  clock: Clock;
  /** Fixes the world's randomness; kept from the first open. */
  seed?: string;
  /** 0 settles every transaction at submission; kept from the last open that gave it. */
  blockTimeSeconds?: number;
  synchronous?: SynchronousMode;
  /** Checkpoint the file's WAL on a worker thread this often (WalCheckpointer); off by default. */
  checkpointEveryMs?: number;
}

/** The venues' collateral at genesis: the perp house and the prediction treasury. */
export const VENUE_GENESIS_RAW = 1_000_000_000n * 1_000_000n;

/**
 * The durable state of the world and the machinery every port shares. One process owns a sandbox
 * file at a time: balances, the log position and faults are mirrored in memory (and reloaded from
 * the file after any rollback).
 */
export class World {
  readonly meta: Meta;
  readonly clock: WorldClock;
  readonly seed: string;
  readonly ledger: Ledger;
  readonly allowances: Allowances;
  readonly log: TxLog;
  readonly blocks: Blocks;
  readonly faults: FaultPlan;
  readonly board: PriceBoard;
  readonly markets: MarketBook;
  readonly prices: AssetPrices;
  readonly dex: Dex;
  readonly perpAccounts: PerpAccounts;
  /** Spot coins on the perp venue (outside the ledger): the venue moves them, `perps` balances show them. */
  readonly spot: SpotBalances;
  readonly submissions: Submissions;
  readonly writes: WriteQueue;
  private readonly checkpointer: WalCheckpointer | null = null;

  private constructor(
    readonly db: Database.Database,
    /** This process's claim on the file, released at `close`. */
    private readonly owner: FileOwner,
    clock: Clock,
    options: WorldOptions,
  ) {
    this.meta = new Meta(db);
    const fresh = this.meta.get('created_ms') === null;
    this.seed = this.meta.get('seed') ?? options.seed ?? 'vetted-sandbox';
    const blockTimeMs = blockTime(options.blockTimeSeconds, this.meta.get('block_time_ms'));
    this.clock = new WorldClock(clock, Number(this.meta.get('clock_offset_ms') ?? 0));
    const epochMs = Number(this.meta.get('created_ms') ?? this.clock.nowMs());
    this.ledger = new Ledger(db);
    this.allowances = new Allowances(db);
    this.log = new TxLog(db, this.seed);
    this.blocks = new Blocks(db, this.meta, blockTimeMs, epochMs, this.clock.nowMs());
    this.faults = new FaultPlan(db);
    this.board = new PriceBoard(db, this.seed);
    this.markets = new MarketBook(db);
    this.prices = new AssetPrices(this.board, this.markets);
    this.dex = new Dex(this.ledger, new PoolReserves(db, this.ledger, this.prices));
    this.perpAccounts = new PerpAccounts(db, this.ledger, this.prices);
    this.spot = new SpotBalances(db);
    this.submissions = new Submissions(this.log, this.blocks, this.faults, this.clock);
    this.writes = new WriteQueue(db, {
      beforeBatch: () => this.submissions.settleDue(this.clock.nowMs()),
      afterRollback: () => this.reload(),
    });
    db.transaction(() => {
      this.meta.set('block_time_ms', String(blockTimeMs));
      if (fresh) this.genesis(epochMs);
    }).immediate();
    if (options.checkpointEveryMs !== undefined) {
      // The worker and its catch-up keep the WAL short; this connection's own checkpoint (at 1,000
      // pages by default, every 200 ms under the lifecycle load) is only the fallback.
      db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
      this.checkpointer = new WalCheckpointer(db.name, {
        driver: require.resolve('better-sqlite3'),
        everyMs: options.checkpointEveryMs,
        catchUp: passiveCheckpointOn(db),
      });
    }
  }

  static open(options: WorldOptions): World {
    const db = openSandboxDatabase(options.file, options.synchronous ?? 'FULL');
    let owner: FileOwner | null = null;
    try {
      owner = FileOwner.claim(options.file);
      return new World(db, owner, options.clock, options);
    } catch (error) {
      db.close();
      owner?.release();
      throw error;
    }
  }

  /** Reads first settle whatever fell due, so they see the world as of now. */
  settleIfDue(): void {
    if (this.submissions.hasDue(this.clock.nowMs()))
      this.writes.runNow(() => this.submissions.settleDue(this.clock.nowMs()));
  }

  /** After a rollback, the in-memory mirrors reload from the database. */
  reload(): void {
    this.clock.setOffsetMs(Number(this.meta.get('clock_offset_ms') ?? 0));
    this.ledger.reset();
    this.allowances.reset();
    this.faults.reload();
    this.board.reload();
    this.markets.reload();
    this.dex.reserves.reload();
    this.submissions.reload();
  }

  /** Inside a write: moves the world's time forward. */
  advance(ms: number): void {
    const offset = this.clock.offsetMs + ms;
    this.meta.set('clock_offset_ms', String(offset));
    this.clock.setOffsetMs(offset);
  }

  close(): void {
    this.writes.close();
    // Its worker closes its own connection after the checkpoint it may be running.
    void this.checkpointer?.close();
    this.db.close();
    this.owner.release();
  }

  private genesis(nowMs: number): void {
    this.meta.set('seed', this.seed);
    this.meta.set('created_ms', String(nowMs));
    this.meta.set('clock_offset_ms', '0');
    for (const spec of SERIES) this.board.set(spec.series, new Dec(spec.initialUsd), nowMs);
    for (const outcome of CATALOG_OUTCOMES)
      this.board.set(outcomeSeries(outcome.tokenId), new Dec(outcome.initialPrice), nowMs);
    this.markets.genesis();
    this.dex.reserves.genesis(nowMs);
    this.ledger.deposit('perps', USDC_ADDRESSES.perps, PERP_HOUSE, VENUE_GENESIS_RAW);
    this.ledger.deposit('polygon', PUSD_POLYGON, PREDICT_TREASURY, VENUE_GENESIS_RAW);
  }
}

function blockTime(seconds: number | undefined, stored: string | null): number {
  if (seconds === undefined) return stored === null ? 0 : Number(stored);
  if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError('blockTimeSeconds must be >= 0');
  return Math.round(seconds * 1000);
}
