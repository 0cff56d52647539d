import type { EventStore } from '@vetted/event-store';
import { type Consumer, type RunnerOptions, SubscriptionRunner } from '@vetted/event-store';
import type { Projection } from './projection';
import { applyEvent, checkpointName } from './projection';
import type { ReadStore } from './read-store';

/** A projection as a consumer of `$all`: its checkpoint is named after the collection version. */
export function projectionConsumer(projection: Projection, readStore: ReadStore): Consumer {
  const collection = readStore.collection(projection.collection);
  return {
    name: checkpointName(projection),
    canHandle: projection.canHandle,
    handle: (event) => applyEvent(projection, collection, event),
  };
}

/** The subscription runner feeding projectors, with their checkpoints kept in the read store. */
export class ProjectionRunner extends SubscriptionRunner {
  constructor(
    store: EventStore,
    readStore: ReadStore,
    projections: readonly Projection[],
    options: RunnerOptions = {},
  ) {
    super(
      store,
      readStore.checkpoints,
      projections.map((p) => projectionConsumer(p, readStore)),
      options,
    );
  }
}
