import type { AllSubscription, EventStore, Position, RecordedEvent } from '@vetted/event-store';
import { comparePositions, formatPosition, parsePosition } from '@vetted/event-store';
import type { Projection } from './projection';
import { applyEvent, checkpointName } from './projection';
import type { Collection, ReadStore, StoredDocument } from './read-store';

interface Projector {
  projection: Projection;
  collection: Collection<StoredDocument>;
  checkpoint: Position | null;
}

export interface ProjectionStatus {
  name: string;
  checkpoint: string | null;
}

interface Waiter {
  position: Position;
  resolve: (reached: boolean) => void;
  timer: NodeJS.Timeout;
}

/**
 * Feeds named, checkpointed projectors from one `$all` subscription. Every projector keeps its
 * own checkpoint (written after its document writes for each batch), so one that is behind —
 * a new collection version, say — catches up while the others skip what they have seen.
 */
export class ProjectionRunner {
  private readonly projectors: Projector[];
  private readonly byType = new Map<string, Projector[]>();
  private subscription: AllSubscription | null = null;
  private processed: Position | null = null;
  private waiters: Waiter[] = [];
  private eventsApplied = 0;
  /** Why the subscription ended, when it failed; readiness reports it. */
  failure: unknown = null;

  constructor(
    private readonly store: EventStore,
    private readonly readStore: ReadStore,
    projections: readonly Projection[],
    private readonly options: { batchSize?: number; onBatch?: (events: number, last: Position) => void } = {},
  ) {
    this.projectors = projections.map((projection) => ({
      projection,
      collection: readStore.collection(projection.collection),
      checkpoint: null,
    }));
    for (const projector of this.projectors)
      for (const type of projector.projection.canHandle) {
        const list = this.byType.get(type) ?? [];
        list.push(projector);
        this.byType.set(type, list);
      }
  }

  /** Starts the subscription; resolves once every event that existed at the call is projected. */
  async start(): Promise<void> {
    for (const projector of this.projectors) {
      const stored = await this.readStore.checkpoints.get(checkpointName(projector.projection));
      projector.checkpoint = stored === null ? null : parsePosition(stored);
    }
    const from = this.lowestCheckpoint();
    this.processed = from;
    const head = await this.store.headPosition();
    const caughtUp = head === null ? Promise.resolve(true) : this.waitFor(head, 0x7fffffff);
    this.subscription = this.store.subscribeToAll(
      { after: from ?? undefined, batchSize: this.options.batchSize ?? 5000 },
      (events) => this.handle(events),
    );
    this.subscription.done.catch((error: unknown) => {
      for (const waiter of this.waiters.splice(0)) {
        clearTimeout(waiter.timer);
        waiter.resolve(false);
      }
      this.failure = error;
    });
    await Promise.race([caughtUp, this.subscription.done.then(() => undefined)]);
    if (this.failure) throw this.failure;
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
  }

  /** The position every projector has passed (null before the first event). */
  get position(): Position | null {
    return this.processed;
  }

  get totalApplied(): number {
    return this.eventsApplied;
  }

  status(): ProjectionStatus[] {
    return this.projectors.map((p) => ({
      name: checkpointName(p.projection),
      checkpoint: p.checkpoint === null ? null : formatPosition(p.checkpoint),
    }));
  }

  /** Resolves true once every projector has passed `position`, false after `timeoutMs`. */
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

  private async handle(events: readonly RecordedEvent[]): Promise<void> {
    for (const event of events) {
      const projectors = this.byType.get(event.type);
      if (projectors === undefined) continue;
      for (const projector of projectors) {
        if (projector.checkpoint !== null && comparePositions(event.position, projector.checkpoint) <= 0)
          continue;
        await applyEvent(projector.projection, projector.collection, event);
        this.eventsApplied++;
      }
    }
    const last = events[events.length - 1].position;
    const text = formatPosition(last);
    for (const projector of this.projectors) {
      projector.checkpoint = last;
      await this.readStore.checkpoints.put(checkpointName(projector.projection), text);
    }
    this.processed = last;
    this.options.onBatch?.(events.length, last);
    this.releaseWaiters();
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
    for (const { checkpoint } of this.projectors) {
      if (checkpoint === null) return null;
      if (lowest === null || comparePositions(checkpoint, lowest) < 0) lowest = checkpoint;
    }
    return lowest;
  }
}
