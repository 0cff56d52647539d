import { type DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { BalanceObserver, UNRECORDED_SETTLEMENTS } from '@vetted/accounts';
import { OperationExecutor } from '@vetted/operations';
import type { Consumer, EventStore } from '@vetted/event-store';
import { EVENT_STORE } from '@vetted/event-store';
import { CLOCK, CONFIG, type Clock, type Config, systemClock } from '@vetted/kernel';
import type { ReadStore } from '@vetted/read-store';
import { READ_STORE } from '@vetted/read-store';
import type { Sandbox } from '@vetted/sandbox';
import { Metrics } from './metrics';
import { PROCESS_MANAGERS, ProcessManagerService } from './process-manager-service';
import { ProjectionService } from './projection-service';
import { openEventStore, openReadStore } from './stores';
import { SANDBOX, VENUE_EXPORTS, VENUE_PROVIDERS } from './venues';

export interface PlatformOptions {
  clock?: Clock;
}

/** Stops the runners, then closes what they use: the stores and the sandbox. */
class Lifecycle implements OnApplicationShutdown {
  constructor(
    private readonly projections: ProjectionService,
    private readonly processManagers: ProcessManagerService,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(SANDBOX) private readonly sandbox: Sandbox,
  ) {}
  async onApplicationShutdown(): Promise<void> {
    await this.processManagers.onApplicationShutdown();
    await this.projections.onApplicationShutdown();
    await this.store.close();
    await this.readStore.close();
    await this.sandbox.close();
  }
}

/**
 * What the API, the worker and the CLI share: the stores, the clock, the venue ports, the
 * projectors, the process managers and the metrics.
 */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(config: Config, options: PlatformOptions = {}): DynamicModule {
    return {
      module: PlatformModule,
      providers: [
        { provide: CONFIG, useValue: config },
        { provide: CLOCK, useValue: options.clock ?? systemClock },
        { provide: EVENT_STORE, useFactory: () => openEventStore(config) },
        { provide: READ_STORE, useFactory: () => openReadStore(config) },
        ...VENUE_PROVIDERS,
        BalanceObserver,
        OperationExecutor,
        // The executor is the one that knows which of its legs landed before it recorded them.
        { provide: UNRECORDED_SETTLEMENTS, useExisting: OperationExecutor },
        {
          provide: PROCESS_MANAGERS,
          inject: [BalanceObserver, OperationExecutor],
          useFactory: (...managers: Consumer[]) => managers,
        },
        Metrics,
        ProjectionService,
        ProcessManagerService,
        Lifecycle,
      ],
      exports: [
        CONFIG,
        CLOCK,
        EVENT_STORE,
        READ_STORE,
        ...VENUE_EXPORTS,
        Metrics,
        ProjectionService,
        ProcessManagerService,
      ],
    };
  }
}
