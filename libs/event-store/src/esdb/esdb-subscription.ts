import type { AllStreamResolvedEvent, AllStreamSubscription } from '@eventstore/db-client';
import type { AllHandler, AllSubscription, RecordedEvent } from '../event-store';
import type { Position } from '../position';
import { comparePositions } from '../position';
import { fromEsdb, isSystemEvent } from './esdb-recorded-event';

/**
 * Adapts the client's `$all` subscription stream to the port: events queue up while the handler
 * runs and go to it in order, at most `batchSize` at a time; the stream is paused while a full
 * batch waits, so a slow handler holds back the server instead of filling memory.
 */
export class EsdbSubscription implements AllSubscription {
  readonly done: Promise<void>;
  private resolveDone!: () => void;
  private rejectDone!: (error: unknown) => void;
  private settled = false;
  private stopped = false;
  private readonly queue: RecordedEvent[] = [];
  private delivering: Promise<void> | null = null;
  private unsubscribed: Promise<void> = Promise.resolve();

  constructor(
    private readonly stream: AllStreamSubscription,
    /** The last position received: the start position is exclusive, and nothing at or before it is delivered twice. */
    private last: Position | undefined,
    private readonly batchSize: number,
    private readonly handler: AllHandler,
    private readonly onEnd: (subscription: EsdbSubscription) => void,
  ) {
    this.done = new Promise<void>((resolve, reject) => {
      this.resolveDone = resolve;
      this.rejectDone = reject;
    });
    stream.on('data', (resolved: AllStreamResolvedEvent) => this.receive(resolved));
    stream.on('error', (error: Error) => this.fail(error));
    stream.on('end', () => this.fail(new Error('EventStoreDB ended the $all subscription')));
  }

  async stop(): Promise<void> {
    this.end();
    await this.unsubscribed;
    if (this.delivering !== null) await this.delivering;
    this.settle(false);
  }

  private receive(resolved: AllStreamResolvedEvent): void {
    const event = resolved.event;
    if (this.stopped || event === undefined || isSystemEvent(event.type)) return;
    if (this.last !== undefined && comparePositions(event.position, this.last) <= 0) return;
    this.last = event.position;
    try {
      this.queue.push(fromEsdb(event));
    } catch (error) {
      this.fail(error);
      return;
    }
    if (this.queue.length >= this.batchSize) this.stream.pause();
    if (this.delivering === null) this.delivering = this.deliver();
  }

  private async deliver(): Promise<void> {
    try {
      // Not inside the stream's 'data' emit, and `delivering` is set before the loop can end.
      await null;
      while (this.queue.length > 0 && !this.stopped) {
        const batch = this.queue.splice(0, this.batchSize);
        await this.handler(batch, batch[batch.length - 1].position);
        if (!this.stopped && this.stream.isPaused() && this.queue.length < this.batchSize)
          this.stream.resume();
      }
    } catch (error) {
      this.end();
      this.settle(true, error);
    } finally {
      this.delivering = null;
    }
  }

  /** The stream failed or ended. */
  private fail(error: unknown): void {
    // After stop() the client reports its own cancellation as an error or an end: not a failure.
    if (this.stopped) return;
    this.end();
    // Settle only once the handler call in progress, if any, has returned, as stop() does.
    const delivering = this.delivering ?? Promise.resolve();
    void delivering.then(() => this.settle(true, error));
  }

  private end(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.queue.length = 0;
    this.onEnd(this);
    this.unsubscribed = this.stream.unsubscribe().catch(() => undefined);
  }

  private settle(failed: boolean, error?: unknown): void {
    if (this.settled) return;
    this.settled = true;
    if (failed) this.rejectDone(error);
    else this.resolveDone();
  }
}
