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
import { SqliteCheckpointStore } from './sqlite-checkpoints';

/** The process managers this process runs (the executor, the balance observer, ...). */
export const PROCESS_MANAGERS = Symbol('ProcessManagers');

/**
 * Runs the process managers when RUN_WORKERS is on, from their own durable checkpoints: the read
 * store's when it is durable, else a small SQLite file in DATA_DIR (the in-process read store is
 * rebuilt at boot, but a process manager must not redo its work after a restart).
 */
@Injectable()
export class ProcessManagerService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly leased: LeasedRunner;
  private readonly localCheckpoints: SqliteCheckpointStore | null;

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(READ_STORE) readStore: ReadStore,
    @Inject(PROCESS_MANAGERS) managers: Consumer[],
  ) {
    this.localCheckpoints = readStore.durable
      ? null
      : new SqliteCheckpointStore(path.join(config.dataDir, 'process-managers.sqlite'));
    const checkpoints = this.localCheckpoints ?? readStore.checkpoints;
    this.leased = new LeasedRunner({
      lease: 'process-managers',
      leases: readStore.durable ? readStore.leases : null,
      create: () => new SubscriptionRunner(store, checkpoints, managers),
      logger: new Logger('ProcessManagers'),
    });
  }

  get runner(): SubscriptionRunner | null {
    return this.leased.runner;
  }

  /** For readiness: whether they run here, why they stopped if they failed, and their checkpoints. */
  report(): {
    running: boolean;
    failure: string | null;
    managers: { name: string; checkpoint: string | null }[];
  } {
    const runner = this.leased.runner;
    return {
      running: runner !== null && runner.failure === null,
      failure: runner?.failure ? String(runner.failure) : null,
      managers: runner?.status() ?? [],
    };
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.runWorkers) await this.leased.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.leased.stop();
    this.localCheckpoints?.close();
  }
}
