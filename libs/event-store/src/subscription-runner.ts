import type { AllSubscription, EventStore, RecordedEvent } from './event-store';
import type { Position } from './position';
import { comparePositions, formatPosition, parsePosition } from './position';

/** Something fed from `$all`: a projector, or a process manager. Handling must be idempotent. */
export interface Consumer {
  /** Names its checkpoint. */
  name: string;
  canHandle: readonly string[];
  /** The events of one batch it handles and has not seen yet, in `$all` order. */
  handle(events: readonly RecordedEvent[]): Promise<void>;
  /**
   * For a consumer whose work outlives `handle` (it starts the work and returns, so that one slow
   * item holds up no other): how far its work is finished, given the position delivered through.
   * The runner checkpoints there instead (undefined: where it is), so a restart redelivers
   * whatever was unfinished.
   */
  finishedThrough?(delivered: Position): Position | undefined;
  /** Waits for work still running after `handle` returned; the runner calls it when it stops. */
  drain?(): Promise<void>;
  /**
   * Why work that outlived `handle` failed and stopped the consumer (null: it did not). Readiness
   * reports it at once; the subscription itself fails only at the consumer's next delivery.
   */
  failure?(): unknown;
}

/** Where checkpoints are kept (text positions, see formatPosition). */
export interface CheckpointStore {
  get(name: string): Promise<string | null>;
  put(name: string, position: string): Promise<void>;
}

export interface ConsumerStatus {
  name: string;
  checkpoint: string | null;
}

export interface RunnerOptions {
  batchSize?: number;
  onBatch?: (events: number, last: Position) => void;
}

interface Fed {
  consumer: Consumer;
  checkpoint: Position | null;
  /** The checkpoint last written to the store, and when (Date.now()). */
  written: Position | null;
  writtenAt: number;
}

/**
 * A consumer that handled nothing in a batch (the store skipped the events of other types) only has
 * its progress written this often: a write per commit per consumer cost more than the reads it
 * saves, and a crash then only re-reads what it would skip again.
 */
const IDLE_CHECKPOINT_MS = 1000;

interface Waiter {
  position: Position;
  resolve: (reached: boolean) => void;
  timer: NodeJS.Timeout;
}

/**
 * Feeds named, checkpointed consumers from one `$all` subscription. Every consumer keeps its own
 * checkpoint (written after its handling of each batch), so one that is behind — a new read
 * model version, say — catches up while the others skip what they have seen. Delivery is at
 * least once: a crash between handling and checkpointing replays the batch.
 */
export class SubscriptionRunner {
  private readonly fed: Fed[];
  private readonly byType = new Map<string, Fed[]>();
  private subscription: AllSubscription | null = null;
  private processed: Position | null = null;
  private waiters: Waiter[] = [];
  private handled = 0;
  /** Why the subscription ended, when it failed; readiness reports it. */
  failure: unknown = null;

  constructor(
    private readonly store: EventStore,
    private readonly checkpoints: CheckpointStore,
    consumers: readonly Consumer[],
    private readonly options: RunnerOptions = {},
  ) {
    this.fed = consumers.map((consumer) => ({ consumer, checkpoint: null, written: null, writtenAt: 0 }));
    for (const fed of this.fed)
      for (const type of new Set(fed.consumer.canHandle)) {
        const list = this.byType.get(type) ?? [];
        list.push(fed);
        this.byType.set(type, list);
      }
  }

  /** Starts the subscription; resolves once every event that existed at the call is handled. */
  async start(): Promise<void> {
    for (const fed of this.fed) {
      const stored = await this.checkpoints.get(fed.consumer.name);
      fed.checkpoint = stored === null ? null : parsePosition(stored);
      fed.written = fed.checkpoint;
    }
    const from = this.lowestCheckpoint();
    this.processed = from;
    const head = await this.store.headPosition();
    const caughtUp = head === null ? Promise.resolve(true) : this.waitFor(head, 0x7fffffff);
    this.subscription = this.store.subscribeToAll(
      {
        after: from ?? undefined,
        batchSize: this.options.batchSize ?? 5000,
        eventTypes: [...this.byType.keys()],
      },
      (events, upTo) => this.handle(events, upTo),
    );
    this.subscription.done.catch((error: unknown) => {
      this.failure = error;
      for (const waiter of this.waiters.splice(0)) {
        clearTimeout(waiter.timer);
        waiter.resolve(false);
      }
    });
    await Promise.race([caughtUp, this.subscription.done.then(() => undefined)]);
    if (this.failure) throw this.failure;
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
    for (const fed of this.fed) {
      await fed.consumer.drain?.();
      if (this.processed !== null) this.finish(fed, this.processed);
    }
    // Progress not written yet (idle consumers, work finished since) is written now.
    for (const fed of this.fed)
      if (fed.checkpoint !== null && fed.checkpoint !== fed.written) await this.write(fed, Date.now());
  }

  /** The position every consumer has passed (null before the first event). */
  get position(): Position | null {
    return this.processed;
  }

  /** How many (event, consumer) deliveries were handled. */
  get totalApplied(): number {
    return this.handled;
  }

  /** Why this runner or one of its consumers stopped (null: nothing did); readiness reports it. */
  stoppedBy(): unknown {
    if (this.failure !== null) return this.failure;
    for (const { consumer } of this.fed) {
      const failure = consumer.failure?.() ?? null;
      if (failure !== null) return failure;
    }
    return null;
  }

  status(): ConsumerStatus[] {
    return this.fed.map((f) => ({
      name: f.consumer.name,
      checkpoint: f.checkpoint === null ? null : formatPosition(f.checkpoint),
    }));
  }

  /** Resolves true once every consumer has passed `position`, false after `timeoutMs`. */
  waitFor(position: Position, timeoutMs: number): Promise<boolean> {
    if (this.processed !== null && comparePositions(this.processed, position) >= 0)
      return Promise.resolve(true);
    if (timeoutMs <= 0 || this.failure) return Promise.resolve(false);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        position,
        resolve,
        timer: setTimeout(() => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          resolve(false);
        }, timeoutMs),
      };
      this.waiters.push(waiter);
    });
  }

  private async handle(events: readonly RecordedEvent[], upTo: Position): Promise<void> {
    // One pass over the batch, each event to the consumers of its type.
    const batches = new Map<Fed, RecordedEvent[]>();
    for (const event of events) {
      const consumers = this.byType.get(event.type);
      if (consumers === undefined) continue;
      for (const fed of consumers) {
        const batch = batches.get(fed);
        if (batch) batch.push(event);
        else batches.set(fed, [event]);
      }
    }
    const handledBy = new Set<Fed>();
    for (const [fed, batch] of batches) {
      const { checkpoint } = fed;
      // Only the first batch after a resume can hold events a consumer has already seen.
      const mine =
        checkpoint !== null && comparePositions(batch[0].position, checkpoint) <= 0
          ? batch.filter((e) => comparePositions(e.position, checkpoint) > 0)
          : batch;
      if (mine.length === 0) continue;
      await fed.consumer.handle(mine);
      this.handled += mine.length;
      handledBy.add(fed);
    }
    const last = upTo;
    const now = Date.now();
    for (const fed of this.fed) {
      this.finish(fed, last);
      if (fed.checkpoint === null || fed.checkpoint === fed.written) continue;
      if (handledBy.has(fed) || now - fed.writtenAt >= IDLE_CHECKPOINT_MS) await this.write(fed, now);
    }
    this.processed = last;
    this.options.onBatch?.(events.length, last);
    this.releaseWaiters();
  }

  /** The consumer's checkpoint once everything through `delivered` was handed to it. */
  private finish(fed: Fed, delivered: Position): void {
    const { consumer } = fed;
    fed.checkpoint = consumer.finishedThrough
      ? (consumer.finishedThrough(delivered) ?? fed.checkpoint)
      : delivered;
  }

  private async write(fed: Fed, now: number): Promise<void> {
    const checkpoint = fed.checkpoint!;
    await this.checkpoints.put(fed.consumer.name, formatPosition(checkpoint));
    fed.written = checkpoint;
    fed.writtenAt = now;
  }

  private releaseWaiters(): void {
    if (this.waiters.length === 0 || this.processed === null) return;
    const processed = this.processed;
    const still: Waiter[] = [];
    for (const waiter of this.waiters) {
      if (comparePositions(processed, waiter.position) >= 0) {
        clearTimeout(waiter.timer);
        waiter.resolve(true);
      } else still.push(waiter);
    }
    this.waiters = still;
  }

  private lowestCheckpoint(): Position | null {
    let lowest: Position | null = null;
    for (const { checkpoint } of this.fed) {
      if (checkpoint === null) return null;
      if (lowest === null || comparePositions(checkpoint, lowest) < 0) lowest = checkpoint;
    }
    return lowest;
  }
}
