import type { EventStore, RecordedEvent } from '@vetted/event-store';
import { type Consumer, type RunnerOptions, SubscriptionRunner } from '@vetted/event-store';
import type { Projection } from './projection';
import { applyEvent, applyEventNow, checkpointName } from './projection';
import { isInProcess, type ReadStore } from './read-store';

/** A projection as a consumer of `$all`: its checkpoint is named after the collection version. */
export function projectionConsumer(projection: Projection, readStore: ReadStore): Consumer {
  const collection = readStore.collection(projection.collection);
  const handle = isInProcess(collection)
    ? async (events: readonly RecordedEvent[]) => {
        for (const event of events) applyEventNow(projection, collection, event);
      }
    : async (events: readonly RecordedEvent[]) => {
        for (const event of events) await applyEvent(projection, collection, event);
      };
  return { name: checkpointName(projection), canHandle: projection.canHandle, handle };
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
