import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { EventStore, Position } from '@vetted/event-store';
import { EVENT_STORE, comparePositions, parsePosition } from '@vetted/event-store';
import { CONFIG, type Config } from '@vetted/kernel';
import type { ReadStore } from '@vetted/read-store';
import { READ_STORE, ProjectionRunner, checkpointName } from '@vetted/read-store';
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

const LEASE = 'projections';
const LEASE_TTL_MS = 15_000;

/**
 * Runs the projectors in this process when RUN_WORKERS is on (the embedded default rebuilds
 * its in-process read models here at boot), and answers "have the read models passed
 * position P?" either way: from the runner in process, or from the stored checkpoints when
 * another process owns the projectors. With a durable read store several processes may run
 * workers; a lease lets exactly one of them project at a time, and another takes over when it
 * stops renewing.
 */
@Injectable()
export class ProjectionService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Projections');
  private readonly owner = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  private leaseTimer: NodeJS.Timeout | null = null;
  /** The projectors running in this process, if it runs (and, scaled out, leases) them. */
  runner: ProjectionRunner | null = null;

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly metrics: Metrics,
  ) {
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

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runWorkers) return;
    if (!this.readStore.durable) return this.startRunner();
    if (await this.readStore.leases.acquire(LEASE, this.owner, LEASE_TTL_MS)) await this.startRunner();
    else this.logger.log('another worker holds the projections lease; standing by');
    this.leaseTimer = setInterval(() => void this.keepLease(), LEASE_TTL_MS / 3);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.leaseTimer) clearInterval(this.leaseTimer);
    await this.stopRunner();
    if (this.readStore.durable && this.config.runWorkers)
      await this.readStore.leases.release(LEASE, this.owner);
  }

  private async startRunner(): Promise<void> {
    const runner = new ProjectionRunner(this.store, this.readStore, ALL_PROJECTIONS);
    this.runner = runner;
    const started = Date.now();
    await runner.start();
    this.logger.log(
      `read models ready: ${runner.totalApplied} events projected in ${Date.now() - started} ms`,
    );
  }

  private async stopRunner(): Promise<void> {
    const runner = this.runner;
    this.runner = null;
    await runner?.stop();
  }

  /** Renews the lease while projecting; takes over when the holder lets it expire; stops when it is lost. */
  private async keepLease(): Promise<void> {
    try {
      const held = await this.readStore.leases.acquire(LEASE, this.owner, LEASE_TTL_MS);
      if (held && !this.runner) {
        this.logger.log('took the projections lease');
        await this.startRunner();
      } else if (!held && this.runner) {
        this.logger.warn('lost the projections lease; stopping the projectors');
        await this.stopRunner();
      }
    } catch (error) {
      this.logger.error(`projections lease: ${String(error)}`);
    }
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
