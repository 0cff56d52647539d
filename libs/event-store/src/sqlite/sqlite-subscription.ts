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

/** A commit of this process's own store: its rows `from`..`to` of `$all` and their event types. */
export interface CommitNotice {
  from: bigint;
  to: bigint;
  types: ReadonlySet<string>;
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
   * New events may exist. When the store says which (its own commit), a subscription that had read
   * everything before them and wants none of their types only moves past them, without reading.
   */
  notify(commit?: CommitNotice): void {
    if (this.stopped) return;
    if (commit && this.skips(commit)) {
      this.after = commit.to;
      this.pumping = this.progress(commit.to);
      return;
    }
    this.wanted = true;
    if (this.pumping === null) this.pumping = this.pump();
  }

  private skips(commit: CommitNotice): boolean {
    if (this.typeSet === null || this.pumping !== null || this.wanted || this.after !== commit.from - 1n)
      return false;
    for (const type of commit.types) if (this.typeSet.has(type)) return false;
    return true;
  }

  /** Reports progress past events of other types, then reads if more was announced meanwhile. */
  private async progress(upTo: bigint): Promise<void> {
    try {
      await null;
      await this.handler([], positionOf(upTo));
    } catch (error) {
      this.end();
      this.settle(true, error);
    } finally {
      this.pumping = null;
      if (this.wanted && !this.stopped) this.pumping = this.pump();
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
