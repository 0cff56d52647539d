import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { EventStore, Position, SubscriptionRunner } from '@vetted/event-store';
import { EVENT_STORE, comparePositions, parsePosition } from '@vetted/event-store';
import { CONFIG, type Config } from '@vetted/kernel';
import type { ReadStore } from '@vetted/read-store';
import { READ_STORE, ProjectionRunner, checkpointName } from '@vetted/read-store';
import { LeasedRunner } from './leased-runner';
import { Metrics } from './metrics';
import { ALL_PROJECTIONS } from './projections';

export interface ProjectionReport {
  running: boolean;
  /** Scaled out: whether this process holds the projections lease; null for the in-process store. */
  leaseOwner: boolean | null;
  failure: string | null;
  head: string | null;
  projections: { name: string; checkpoint: string | null }[];
}

/**
 * Runs the projectors in this process when RUN_WORKERS is on (the embedded default rebuilds
 * its in-process read models here at boot), and answers "have the read models passed
 * position P?" either way: from the runner in process, or from the stored checkpoints when
 * another process owns the projectors (scaled out, a lease picks one owner at a time).
 */
@Injectable()
export class ProjectionService implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly leased: LeasedRunner;
  /**
   * Settles once the boot's start is over: the projectors running here have caught up with the
   * store, or another process runs them, or this one runs none.
   */
  readonly booted: Promise<void>;
  private boot!: { resolve: () => void; reject: (error: unknown) => void };

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly metrics: Metrics,
  ) {
    this.booted = new Promise<void>((resolve, reject) => {
      this.boot = { resolve, reject };
    });
    this.booted.catch(() => undefined); // the bootstrap itself reports it
    this.leased = new LeasedRunner({
      lease: 'projections',
      leases: readStore.durable ? readStore.leases : null,
      create: () => new ProjectionRunner(store, readStore, ALL_PROJECTIONS),
      logger: new Logger('Projections'),
    });
    metrics.gauge(
      'projection_lag',
      'Distance from the head of $all to the slowest projector (SQLite: events; EventStoreDB: log bytes)',
      [],
      async (gauge) => {
        const [head, at] = await Promise.all([this.store.headPosition(), this.position()]);
        gauge.set(head === null ? 0 : Number(head.commit - (at?.commit ?? 0n)));
      },
    );
    metrics.gauge(
      'projection_checkpoint',
      'Commit position each projector has passed',
      ['projection'],
      async (gauge) => {
        for (const { name, checkpoint } of await this.checkpoints())
          gauge.set({ projection: name }, Number(parsePosition(checkpoint ?? '0')?.commit ?? 0));
      },
    );
  }

  /** The projectors running in this process, if any. */
  get runner(): SubscriptionRunner | null {
    return this.leased.runner;
  }

  async onApplicationBootstrap(): Promise<void> {
    try {
      if (this.config.runWorkers) await this.leased.start();
      this.boot.resolve();
    } catch (error) {
      this.boot.reject(error);
      throw error;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.leased.stop();
  }

  /** True once every projector has passed `position`; false after the timeout. */
  async waitFor(position: Position, timeoutMs = this.config.readYourWritesTimeoutMs): Promise<boolean> {
    if (this.runner) return this.runner.waitFor(position, timeoutMs);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const lowest = await this.lowestStoredCheckpoint();
      if (lowest !== null && comparePositions(lowest, position) >= 0) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** The position all read models have passed, as far as this process knows. */
  async position(): Promise<Position | null> {
    return this.runner ? this.runner.position : this.lowestStoredCheckpoint();
  }

  async report(): Promise<ProjectionReport> {
    const head = await this.store.headPosition();
    return {
      running: this.runner !== null && this.runner.failure === null,
      leaseOwner: this.readStore.durable ? this.runner !== null : null,
      failure: this.runner?.failure ? String(this.runner.failure) : null,
      head:
        head === null
          ? null
          : `${head.commit === head.prepare ? head.commit : `${head.commit}/${head.prepare}`}`,
      projections: await this.checkpoints(),
    };
  }

  private async checkpoints(): Promise<{ name: string; checkpoint: string | null }[]> {
    if (this.runner) return this.runner.status();
    const stored = await this.readStore.checkpoints.all();
    return ALL_PROJECTIONS.map((p) => ({
      name: checkpointName(p),
      checkpoint: stored[checkpointName(p)] ?? null,
    }));
  }

  private async lowestStoredCheckpoint(): Promise<Position | null> {
    let lowest: Position | null = null;
    for (const { checkpoint } of await this.checkpoints()) {
      const position = checkpoint === null ? null : parsePosition(checkpoint);
      if (position === null) return null;
      if (lowest === null || comparePositions(position, lowest) < 0) lowest = position;
    }
    return lowest;
  }
}
