import { WalCheckpointer, passiveCheckpointOn } from '@vetted/kernel';
import Database from 'better-sqlite3';
import type {
  AllHandler,
  AllSubscription,
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  RecordedEvent,
  SubscribeToAllOptions,
} from '../event-store';
import { WrongExpectedRevisionError } from '../event-store';
import { assertExpectedRevision } from '../expected-revision';
import type { Position } from '../position';
import { positionOf } from '../position';
import {
  COLUMNS,
  recordedOf,
  toPending,
  toRecorded,
  type PendingEvent,
  type Row,
  type Written,
} from './event-rows';
import { openEventDatabase } from './event-database';
import type { BatchSource, ReadProgress } from './sqlite-subscription';
import { SqliteSubscription } from './sqlite-subscription';
import { StreamIndex } from './stream-index';
import { StreamWrites, type AppendRequest, type Outcome } from './stream-writes';
import { WalSync } from './wal-sync';

export interface SqliteEventStoreOptions {
  /** Path of the database file; its directory is created when missing. */
  file: string;
  /** How often live subscriptions look for events committed by other processes (default 250). */
  pollIntervalMs?: number;
  /**
   * Checkpoint the WAL on a worker thread this often (WalCheckpointer), so that the checkpoints
   * this connection still makes find the pages already copied. Off by default (one thread per
   * store); the service turns it on.
   */
  checkpointEveryMs?: number;
}

export interface SqliteEventStoreStats {
  /** Append requests that reached a write transaction (committed or refused by their revision check). */
  appends: number;
  /** Write transactions committed. */
  transactions: number;
  /** fdatasyncs of the WAL: each makes every transaction committed before it started durable. */
  syncs: number;
}

const DEFAULT_MAX_COUNT = 1000;
const DEFAULT_BATCH_SIZE = 5000;

function positiveInteger(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer`);
  return value;
}

/**
 * The event store on one SQLite file (WAL). Appends that arrive during the same turn of the event
 * loop share one write transaction, each still checked against its own expected revision.
 *
 * Durability is FULL's, without blocking the event loop on the disk: SQLite runs with
 * `synchronous=NORMAL` (commits write the WAL, checkpoints sync it and the database file), and the
 * store itself makes each commit durable with an fdatasync of the WAL on libuv's thread pool. An
 * append resolves, and subscriptions see its events, only after an fdatasync that started after its
 * commit (WalSync: a commit starts its own unless two run, then shares the next). Subscriptions,
 * `readAll` and `headPosition` show `$all` only as far as it is on disk (`durableHead`). Commands
 * may read rows that are still on their way to the disk: what they append lands later in the same
 * WAL, so it can never be on disk without them.
 *
 * Streams are indexed in memory (StreamIndex), not in the file. Several processes may open the
 * same file: writes serialize on SQLite's write lock, each write transaction first indexes what
 * the others committed, and live subscriptions poll for the others' commits (synced here too before
 * they are delivered).
 */
export class SqliteEventStore implements EventStore, BatchSource {
  private readonly db: Database.Database;
  private readonly pollIntervalMs: number;
  private readonly streamWrites: StreamWrites;
  private readonly index: StreamIndex;
  private readonly selectAt: Database.Statement<[number], Row>;
  private readonly selectAll: Database.Statement<[bigint, bigint, number], Row>;
  /** Per set of event types (subscriptions name few sets): their filtered read. */
  private readonly selectAllOfTypes = new Map<string, Database.Statement<unknown[], Row>>();
  private readonly selectHead: Database.Statement<[], number | null>;
  private readonly selectCounts: Database.Statement<[bigint], [string, number]>;
  private readonly selectDataVersion: Database.Statement<[], number>;
  private readonly commitBatch: Database.Transaction<(batch: AppendRequest[]) => Outcome[]>;
  private readonly checkpointer: WalCheckpointer | null;

  private queue: AppendRequest[] = [];
  private flushScheduled = false;
  private closed = false;
  private readonly subscriptions = new Set<SqliteSubscription>();
  private pollTimer: NodeJS.Timeout | null = null;
  private dataVersion = 0;
  /** `PRAGMA data_version` when other writers were last looked for, once per event-loop turn. */
  private foreignVersion = -1;
  private foreignChecked = false;
  private readonly counters = { appends: 0, transactions: 0 };
  /** Commits made and polls that saw other writers wait for it. */
  private readonly wal: WalSync;
  /** When the last write transaction stamped its events. */
  private lastCreatedAt = '';

  constructor(options: SqliteEventStoreOptions) {
    const file = options.file;
    // An in-memory database would silently lose the ledger and cannot be shared with another process.
    if (file === '' || file === ':memory:' || file.startsWith('file:'))
      throw new Error(`SqliteEventStore needs a database file path, got "${file}"`);
    this.pollIntervalMs = positiveInteger(options.pollIntervalMs, 250, 'pollIntervalMs');
    const checkpointEveryMs =
      options.checkpointEveryMs === undefined
        ? null
        : positiveInteger(options.checkpointEveryMs, 0, 'checkpointEveryMs');
    this.db = openEventDatabase(file);

    try {
      this.index = new StreamIndex(this.db);
    } catch (error) {
      this.db.close();
      throw error;
    }
    this.streamWrites = new StreamWrites(this.db, this.index);
    this.selectAt = this.db.prepare<[number], Row>(`SELECT ${COLUMNS} FROM events WHERE position = ?`);
    this.selectAt.raw(true);
    this.selectAll = this.db.prepare<[bigint, bigint, number], Row>(
      `SELECT ${COLUMNS} FROM events WHERE position > ? AND position <= ? ORDER BY position LIMIT ?`,
    );
    this.selectAll.raw(true);
    this.selectHead = this.db.prepare<[], number | null>('SELECT MAX(position) FROM events');
    this.selectHead.pluck();
    // A WAL file exists while a connection is open in WAL mode.
    try {
      this.wal = new WalSync(file, () => BigInt(this.selectHead.get() ?? 0));
    } catch (error) {
      this.db.close();
      throw error;
    }
    this.selectCounts = this.db.prepare<[bigint], [string, number]>(
      'SELECT type, COUNT(*) FROM events WHERE position <= ? GROUP BY type ORDER BY type',
    );
    this.selectCounts.raw(true);
    // Changes exactly when another connection commits to the file: the cheap poll for other processes.
    this.selectDataVersion = this.db.prepare<[], number>('PRAGMA data_version');
    this.selectDataVersion.pluck();
    this.commitBatch = this.db.transaction((batch: AppendRequest[]) => {
      // Under the write lock: what other connections committed is indexed before revisions are checked.
      this.index.catchUp();
      const createdAt = new Date().toISOString();
      this.lastCreatedAt = createdAt;
      return this.streamWrites.apply(batch, createdAt);
    });
    this.checkpointer =
      checkpointEveryMs === null
        ? null
        : new WalCheckpointer(file, {
            driver: require.resolve('better-sqlite3'),
            everyMs: checkpointEveryMs,
            catchUp: passiveCheckpointOn(this.db),
          });
  }

  appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    let pending: PendingEvent[];
    try {
      if (this.closed) throw new Error('SqliteEventStore is closed');
      if (typeof streamId !== 'string' || streamId === '')
        throw new TypeError('stream id must be a non-empty string');
      assertExpectedRevision(options.expectedRevision);
      // Serialized before queueing, so an event that cannot be stored fails alone, not its batch.
      pending = events.map(toPending);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise<AppendResult>((resolve, reject) => {
      this.queue.push({ streamId, expected: options.expectedRevision, events: pending, resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(this.flush);
      }
    });
  }

  async readStream(streamId: string, options: { fromRevision?: number } = {}): Promise<RecordedEvent[]> {
    this.lookForOtherWriters();
    return this.index
      .positionsFrom(streamId, options.fromRevision ?? 0)
      .map((position) => toRecorded(this.selectAt.get(position)!));
  }

  /** Every stream's last revision is known: the index holds them all (-1: no such stream). */
  knownRevision(streamId: string): number {
    this.lookForOtherWriters();
    return this.index.lastRevision(streamId);
  }

  async readAll(options: { after?: Position; maxCount?: number } = {}): Promise<RecordedEvent[]> {
    const maxCount = options.maxCount ?? DEFAULT_MAX_COUNT;
    if (!Number.isSafeInteger(maxCount) || maxCount < 0)
      throw new RangeError('maxCount must be an integer >= 0');
    return this.readBatch(options.after?.commit ?? 0n, maxCount);
  }

  readBatch(after: bigint, limit: number): RecordedEvent[] {
    return this.selectAll.all(after, this.wal.durableHead, limit).map(toRecorded);
  }

  /** @internal for subscriptions: the next events after `after`, only of `types` when given. */
  readProgress(after: bigint, limit: number, types: readonly string[] | null): ReadProgress {
    if (types === null) {
      const events = this.readBatch(after, limit);
      return { events, upTo: events.length > 0 ? events[events.length - 1].position.commit : after };
    }
    // Up to a bound read first, so that finding fewer than the limit says everything up to it was seen.
    const head = this.wal.durableHead;
    if (head <= after) return { events: [], upTo: after };
    const rows = this.ofTypes(types).all(after, head, ...types, limit);
    const events = rows.map(toRecorded);
    return { events, upTo: events.length === limit ? events[events.length - 1].position.commit : head };
  }

  subscribeToAll(options: SubscribeToAllOptions, handler: AllHandler): AllSubscription {
    if (this.closed) throw new Error('SqliteEventStore is closed');
    const batchSize = positiveInteger(options.batchSize, DEFAULT_BATCH_SIZE, 'batchSize');
    const types = options.eventTypes === undefined ? null : [...new Set(options.eventTypes)].sort();
    const subscription = new SqliteSubscription(
      this,
      options.after?.commit ?? 0n,
      batchSize,
      types,
      handler,
      (s) => this.unsubscribe(s),
    );
    if (this.subscriptions.size === 0) this.startPolling();
    this.subscriptions.add(subscription);
    subscription.notify();
    return subscription;
  }

  async headPosition(): Promise<Position | null> {
    return this.wal.durableHead === 0n ? null : positionOf(this.wal.durableHead);
  }

  /**
   * The events up to the head `headPosition` shows, by type: counting rows other connections
   * committed since would give a total above that head (`stats` printed 8,308 events and a head
   * of 8,300 under load, found by a probe).
   */
  async countByType(): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const [type, count] of this.selectCounts.all(this.wal.durableHead)) counts[type] = count;
    return counts;
  }

  /** Another connection committed since the last look (at most once a turn): its rows are indexed. */
  private lookForOtherWriters(): void {
    if (this.foreignChecked) return;
    this.foreignChecked = true;
    setImmediate(() => {
      this.foreignChecked = false;
    });
    const version = this.selectDataVersion.get() ?? 0;
    if (version !== this.foreignVersion) {
      this.foreignVersion = version;
      this.index.catchUp();
    }
  }

  /** Counters since this instance opened; tests use them to see group commit at work. */
  stats(): SqliteEventStoreStats {
    return {
      appends: this.counters.appends,
      transactions: this.counters.transactions,
      syncs: this.wal.syncs,
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stopPolling();
    // Appends already accepted are committed and synced, not dropped.
    this.flush();
    await this.wal.close();
    await this.checkpointer?.close();
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    this.db.close();
  }

  private readonly flush = (): void => {
    this.flushScheduled = false;
    const batch = this.queue;
    if (batch.length === 0) return;
    this.queue = [];
    let outcomes: Outcome[];
    try {
      outcomes = this.commitBatch.immediate(batch);
    } catch (error) {
      for (const request of batch) request.reject(error);
      return;
    }
    this.streamWrites.indexCommitted(batch, outcomes);
    this.counters.transactions++;
    this.counters.appends += batch.length;
    // The rows of one transaction are consecutive in `$all`: from the first new row to the last.
    let from = -1n;
    let to = -1n;
    const types = new Set<string>();
    const written: Written[] = [];
    for (let i = 0; i < batch.length; i++) {
      const outcome = outcomes[i];
      if (outcome instanceof WrongExpectedRevisionError) batch[i].reject(outcome);
      else {
        const { events } = batch[i];
        if (events.length > 0) {
          const last = outcome.position.commit;
          if (from < 0n) from = last - BigInt(events.length) + 1n;
          to = last;
          for (const event of events) types.add(event.type);
          written.push({ request: batch[i], outcome });
        }
      }
    }
    const createdAt = this.lastCreatedAt;
    this.wal.whenSynced((error) => {
      for (let i = 0; i < batch.length; i++) {
        const outcome = outcomes[i];
        if (outcome instanceof WrongExpectedRevisionError) continue;
        if (error === null) batch[i].resolve(outcome);
        else batch[i].reject(error);
      }
      if (to < 0n || error !== null) return;
      let recorded: RecordedEvent[] | null = null;
      const events = (): RecordedEvent[] => (recorded ??= recordedOf(written, createdAt));
      for (const subscription of this.subscriptions) subscription.notify({ from, to, types, events });
    });
  };

  private ofTypes(types: readonly string[]): Database.Statement<unknown[], Row> {
    const key = types.join('\n');
    let statement = this.selectAllOfTypes.get(key);
    if (statement === undefined) {
      const placeholders = types.map(() => '?').join(', ');
      statement = this.db.prepare<unknown[], Row>(
        `SELECT ${COLUMNS} FROM events WHERE position > ? AND position <= ?
           AND type IN (${placeholders}) ORDER BY position LIMIT ?`,
      );
      statement.raw(true);
      this.selectAllOfTypes.set(key, statement);
    }
    return statement;
  }

  private unsubscribe(subscription: SqliteSubscription): void {
    this.subscriptions.delete(subscription);
    if (this.subscriptions.size === 0) this.stopPolling();
  }

  private startPolling(): void {
    this.dataVersion = this.selectDataVersion.get() ?? 0;
    this.pollTimer = setInterval(() => {
      try {
        const version = this.selectDataVersion.get() ?? 0;
        if (version === this.dataVersion) return;
        this.dataVersion = version;
      } catch {
        // Let the subscriptions read: a failing read ends them with the error instead of losing it here.
      }
      // Another connection committed: its rows are delivered once they are on disk.
      this.wal.whenSynced(() => {
        for (const subscription of this.subscriptions) subscription.notify();
      });
    }, this.pollIntervalMs);
  }

  private stopPolling(): void {
    if (this.pollTimer === null) return;
    clearInterval(this.pollTimer);
    this.pollTimer = null;
  }
}
