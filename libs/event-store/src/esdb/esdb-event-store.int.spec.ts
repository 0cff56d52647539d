import { eventStoreContract } from '../event-store.contract';
import { EsdbEventStore } from './esdb-event-store';

const connectionString = process.env.EVENTSTORE_CONNECTION_STRING;

if (connectionString) {
  // A shared server: the contract only looks at the streams it writes.
  eventStoreContract('EsdbEventStore', async () => EsdbEventStore.connect(connectionString), {
    liveTimeoutMs: 10_000,
  });
} else {
  it.skip('EventStoreDB contract: set EVENTSTORE_CONNECTION_STRING to run against a real server', () =>
    undefined);
}
