import type { AllHandler, AllSubscription, RecordedEvent } from '../event-store';
import { positionOf } from '../position';

/** What one read found: the events, and the row id everything up to which has been looked at. */
export interface ReadProgress {
  events: RecordedEvent[];
  upTo: bigint;
}

/**
 * Where a subscription reads from: `$all` strictly after a row id, at most `limit` events, only of
 * the types in `types` when it is not null.
 */
export interface BatchSource {
  readProgress(after: bigint, limit: number, types: readonly string[] | null): ReadProgress;
}

/**
 * A commit of this process's own store: its rows `from`..`to` of `$all`, their event types, and
 * the events themselves (built on first use), so a subscription that had read everything before
 * them takes them from memory instead of reading them back.
 */
export interface CommitNotice {
  from: bigint;
  to: bigint;
  types: ReadonlySet<string>;
  events(): readonly RecordedEvent[];
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Reads `$all` after the last delivered position whenever it is told new events may exist
 * (`notify`): by the store after its own commits, by its poll for other processes' commits, and
 * once at the start for catch-up. A single read-and-deliver loop runs at a time, and the position
 * only moves forward, so an event is never delivered twice nor skipped.
 */
export class SqliteSubscription implements AllSubscription {
  readonly done: Promise<void>;
  private resolveDone!: () => void;
  private rejectDone!: (error: unknown) => void;
  private settled = false;
  private stopped = false;
  /** Set by `notify`; the loop reads again until a read after the last notification finds nothing. */
  private wanted = false;
  private pumping: Promise<void> | null = null;
  /**
   * Own commits announced while a delivery was running, each following the one before it: handed
   * over from memory once it ends (one fdatasync often answers two commits at once).
   */
  private queued: CommitNotice[] = [];
  private readonly typeSet: ReadonlySet<string> | null;

  constructor(
    private readonly source: BatchSource,
    private after: bigint,
    private readonly batchSize: number,
    private readonly types: readonly string[] | null,
    private readonly handler: AllHandler,
    private readonly onEnd: (subscription: SqliteSubscription) => void,
  ) {
    this.done = new Promise<void>((resolve, reject) => {
      this.resolveDone = resolve;
      this.rejectDone = reject;
    });
    this.typeSet = types === null ? null : new Set(types);
  }

  /**
   * New events may exist. When the store says which (its own commit) and this subscription had read
   * everything before them, it takes them from the notice, only those of its types, without reading
   * (none at all: it just moves past them). A commit announced during a delivery waits for it in
   * `queued` when it follows what is delivered and queued already; anything else is read.
   */
  notify(commit?: CommitNotice): void {
    if (this.stopped) return;
    if (commit && !this.wanted && commit.from === (this.queued.at(-1)?.to ?? this.after) + 1n) {
      this.queued.push(commit);
      if (this.pumping === null) this.next();
      return;
    }
    this.wanted = true;
    if (this.pumping === null) this.pumping = this.pump();
  }

  /** After a delivery: reads if asked to, else hands over the queued commits (a batch at most). */
  private next(): void {
    if (this.stopped) return;
    if (!this.wanted) {
      // What a read has delivered meanwhile is dropped; a commit it delivered in part is read.
      while (this.queued.length > 0 && this.queued[0].to <= this.after) this.queued.shift();
      if (this.queued.length === 0) return;
      const events: RecordedEvent[] = [];
      let upTo = this.after;
      let taken = 0;
      for (const commit of this.queued) {
        if (commit.from !== upTo + 1n) break;
        const mine = this.wants(commit.types) ? this.mine(commit.events()) : [];
        if (taken > 0 && events.length + mine.length > this.batchSize) break;
        events.push(...mine);
        upTo = commit.to;
        taken++;
      }
      if (taken > 0 && events.length <= this.batchSize) {
        this.queued.splice(0, taken);
        this.after = upTo;
        this.pumping = this.deliver(events, upTo);
        return;
      }
    }
    this.queued = [];
    this.wanted = true;
    this.pumping = this.pump();
  }

  private wants(types: ReadonlySet<string>): boolean {
    if (this.typeSet === null) return true;
    for (const type of types) if (this.typeSet.has(type)) return true;
    return false;
  }

  private mine(events: readonly RecordedEvent[]): RecordedEvent[] {
    const typeSet = this.typeSet;
    return typeSet === null ? [...events] : events.filter((event) => typeSet.has(event.type));
  }

  /** Hands over events taken from memory (or only the progress past them), then whatever comes next. */
  private async deliver(events: RecordedEvent[], upTo: bigint): Promise<void> {
    try {
      await null;
      await this.handler(events, positionOf(upTo));
    } catch (error) {
      this.end();
      this.settle(true, error);
    } finally {
      this.pumping = null;
      this.next();
    }
  }

  async stop(): Promise<void> {
    this.end();
    if (this.pumping !== null) await this.pumping;
    this.settle(false);
  }

  private async pump(): Promise<void> {
    try {
      // Never run the handler synchronously inside subscribeToAll or a commit.
      await null;
      while (this.wanted && !this.stopped) {
        this.wanted = false;
        for (;;) {
          const { events, upTo } = this.source.readProgress(this.after, this.batchSize, this.types);
          if (upTo <= this.after) break;
          this.after = upTo;
          await this.handler(events, positionOf(upTo));
          if (this.stopped) return;
          // A synchronous handler would otherwise hold the event loop for a whole catch-up.
          await nextTurn();
          if (events.length < this.batchSize || this.stopped) break;
        }
      }
    } catch (error) {
      this.end();
      this.settle(true, error);
    } finally {
      this.pumping = null;
      this.next();
    }
  }

  private end(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.onEnd(this);
  }

  private settle(failed: boolean, error?: unknown): void {
    if (this.settled) return;
    this.settled = true;
    if (failed) this.rejectDone(error);
    else this.resolveDone();
  }
}
