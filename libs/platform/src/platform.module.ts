import { type DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { EventStore } from '@vetted/event-store';
import { EVENT_STORE } from '@vetted/event-store';
import { CLOCK, CONFIG, type Clock, type Config, systemClock } from '@vetted/kernel';
import type { ReadStore } from '@vetted/read-store';
import { READ_STORE } from '@vetted/read-store';
import { Metrics } from './metrics';
import { ProjectionService } from './projection-service';
import { openEventStore, openReadStore } from './stores';

export interface PlatformOptions {
  clock?: Clock;
}

class StoreLifecycle implements OnApplicationShutdown {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}
  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
    await this.readStore.close();
  }
}

/** The stores, the clock, the projectors and the metrics: what the API, the worker and the CLI share. */
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
        Metrics,
        ProjectionService,
        StoreLifecycle,
      ],
      exports: [CONFIG, CLOCK, EVENT_STORE, READ_STORE, Metrics, ProjectionService],
    };
  }
}
