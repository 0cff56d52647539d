import type Database from 'better-sqlite3';

interface Unit {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Settled = { ok: true; value: unknown } | { ok: false; error: unknown };

export interface WriteQueueHooks {
  /** Runs first inside every write transaction (the world settles what fell due). */
  beforeBatch(): void;
  /** In-memory mirrors of the database must be reloaded after a rollback. */
  afterRollback(): void;
}

/**
 * Group commit: writes requested in the same turn of the event loop share one SQLite transaction
 * (one fsync). Each unit runs in its own savepoint, so a unit that throws is rolled back alone and
 * its caller gets the error; the others commit.
 */
export class WriteQueue {
  private queue: Unit[] = [];
  private scheduled = false;
  private closed = false;
  private readonly batch: Database.Transaction<(units: Unit[]) => Settled[]>;
  private readonly savepoint: Database.Transaction<(work: () => unknown) => unknown>;
  private readonly counters = { units: 0, transactions: 0 };

  constructor(
    private readonly db: Database.Database,
    private readonly hooks: WriteQueueHooks,
  ) {
    this.savepoint = db.transaction((work: () => unknown) => work());
    this.batch = db.transaction((units: Unit[]) => {
      this.hooks.beforeBatch();
      // A lone unit needs no savepoint: if it throws, the whole transaction rolls back with it.
      if (units.length === 1) return [{ ok: true, value: units[0].work() }];
      return units.map((unit) => this.runUnit(unit));
    });
  }

  run<T>(work: () => T): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the sandbox is closed'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(this.flush);
      }
    });
  }

  /** A write that must happen now, outside the queue (reads that find something due). */
  runNow<T>(work: () => T): T {
    if (this.closed) throw new Error('the sandbox is closed');
    try {
      return this.db.transaction(work).immediate();
    } catch (error) {
      this.hooks.afterRollback();
      throw error;
    }
  }

  stats(): { units: number; transactions: number } {
    return { ...this.counters };
  }

  /** Commits what was accepted, then refuses further writes. */
  close(): void {
    this.flush();
    this.closed = true;
  }

  private readonly flush = (): void => {
    this.scheduled = false;
    const units = this.queue;
    if (units.length === 0) return;
    this.queue = [];
    let settled: Settled[];
    try {
      settled = this.batch.immediate(units);
    } catch (error) {
      this.hooks.afterRollback();
      for (const unit of units) unit.reject(error);
      return;
    }
    this.counters.transactions++;
    this.counters.units += units.length;
    for (let i = 0; i < units.length; i++) {
      const outcome = settled[i];
      if (outcome.ok) units[i].resolve(outcome.value);
      else units[i].reject(outcome.error);
    }
  };

  private runUnit(unit: Unit): Settled {
    try {
      return { ok: true, value: this.savepoint(unit.work) };
    } catch (error) {
      this.hooks.afterRollback();
      return { ok: false, error };
    }
  }
}
