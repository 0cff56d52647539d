import type { AllHandler, AllSubscription, RecordedEvent } from '../event-store';

/** Where a subscription reads from: `$all` strictly after a row id, at most `limit` events. */
export interface BatchSource {
  readBatch(after: bigint, limit: number): RecordedEvent[];
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

  constructor(
    private readonly source: BatchSource,
    private after: bigint,
    private readonly batchSize: number,
    private readonly handler: AllHandler,
    private readonly onEnd: (subscription: SqliteSubscription) => void,
  ) {
    this.done = new Promise<void>((resolve, reject) => {
      this.resolveDone = resolve;
      this.rejectDone = reject;
    });
  }

  notify(): void {
    if (this.stopped) return;
    this.wanted = true;
    if (this.pumping === null) this.pumping = this.pump();
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
          const batch = this.source.readBatch(this.after, this.batchSize);
          if (batch.length === 0) break;
          this.after = batch[batch.length - 1].position.commit;
          await this.handler(batch);
          if (this.stopped) return;
          // A synchronous handler would otherwise hold the event loop for a whole catch-up.
          await nextTurn();
          if (batch.length < this.batchSize || this.stopped) break;
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
