import path from 'node:path';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { Consumer, EventStore } from '@vetted/event-store';
import { EVENT_STORE, SubscriptionRunner } from '@vetted/event-store';
import { CONFIG, type Config } from '@vetted/kernel';
import type { ReadStore } from '@vetted/read-store';
import { READ_STORE } from '@vetted/read-store';
import { LeasedRunner } from './leased-runner';
import { ProjectionService } from './projection-service';
import { SqliteCheckpointStore } from './sqlite-checkpoints';

/** The process managers this process runs (the executor, the balance observer, ...). */
export const PROCESS_MANAGERS = Symbol('ProcessManagers');

export interface ProcessManagerReport {
  running: boolean;
  failure: string | null;
  managers: { name: string; checkpoint: string | null }[];
}

/**
 * Runs the process managers when RUN_WORKERS is on, each on its own subscription and lease (a
 * slow execution never holds the balance observer up), from durable checkpoints: the read
 * store's when it is durable, else a small SQLite file in DATA_DIR (the in-process read store is
 * rebuilt at boot, but a process manager must not redo its work after a restart).
 */
@Injectable()
export class ProcessManagerService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly leased: LeasedRunner[];
  private readonly localCheckpoints: SqliteCheckpointStore | null;

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(READ_STORE) readStore: ReadStore,
    @Inject(PROCESS_MANAGERS) managers: Consumer[],
    private readonly projections: ProjectionService,
  ) {
    this.localCheckpoints = readStore.durable
      ? null
      : new SqliteCheckpointStore(path.join(config.dataDir, 'process-managers.sqlite'));
    const checkpoints = this.localCheckpoints ?? readStore.checkpoints;
    this.leased = managers.map(
      (manager) =>
        new LeasedRunner({
          lease: `process-manager:${manager.name}`,
          leases: readStore.durable ? readStore.leases : null,
          create: () => new SubscriptionRunner(store, checkpoints, [manager]),
          logger: new Logger(`ProcessManager ${manager.name}`),
        }),
    );
  }

  /** The runners of the process managers running in this process. */
  get runners(): SubscriptionRunner[] {
    return this.leased.flatMap((l) => (l.runner ? [l.runner] : []));
  }

  /** For readiness: whether they all run here, why one stopped if it failed, and their checkpoints. */
  report(): ProcessManagerReport {
    const runners = this.runners;
    const failure = runners.map((r) => r.stoppedBy()).find((f) => f !== null) ?? null;
    return {
      running: runners.length === this.leased.length && failure === null,
      failure: failure === null ? null : String(failure),
      managers: runners.flatMap((r) => r.status()),
    };
  }

  /**
   * After the read models have caught up at boot: the process managers read them (the balance
   * observer learns from the operations read model which legs are in flight before the executor
   * has resumed them), so they must not run on a read model still being rebuilt.
   */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runWorkers) return;
    await this.projections.booted;
    await Promise.all(this.leased.map((l) => l.start()));
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.leased.map((l) => l.stop()));
    this.localCheckpoints?.close();
  }
}
