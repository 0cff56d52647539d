import { EventStoreDBClient } from '@eventstore/db-client';
import { MongoClient } from 'mongodb';
import { loadConfig } from '@vetted/kernel';
import { exitCodeOf, messageOf } from './exit-code';

describe('the CLI exit code of an error', () => {
  const thrown = (run: () => unknown): unknown => {
    try {
      run();
    } catch (error) {
      return error;
    }
    throw new Error('nothing was thrown');
  };

  it('is 78 for a bad configuration, 1 otherwise', () => {
    expect(exitCodeOf(thrown(() => loadConfig({ EVENT_STORE: 'foo' })))).toBe(78);
    expect(exitCodeOf(new Error('disk on fire'))).toBe(1);
  });

  it('is 69 for a store it cannot reach, said in one line naming the setting', async () => {
    // The drivers' own errors, from servers that are not there (nothing listens on port 1).
    const mongoClient = new MongoClient('mongodb://127.0.0.1:1', { serverSelectionTimeoutMS: 200 });
    const mongo = await mongoClient.connect().then(
      () => null,
      (error: unknown) => error,
    );
    const esdbClient = EventStoreDBClient.connectionString('esdb://127.0.0.1:1?tls=false');
    const esdb = await (async () => {
      for await (const event of esdbClient.readAll({ maxCount: 1 })) return event;
      return null;
    })().then(
      () => null,
      (error: unknown) => error,
    );
    await Promise.all([mongoClient.close(), esdbClient.dispose()]);
    expect(exitCodeOf(mongo)).toBe(69);
    expect(messageOf(mongo)).toMatch(/^cannot reach MongoDB \(READ_STORE=mongo, MONGO_URL\): .*ECONNREFUSED/);
    expect(exitCodeOf(esdb)).toBe(69);
    expect(messageOf(esdb)).toMatch(
      /^cannot reach EventStoreDB \(EVENT_STORE=esdb, EVENTSTORE_CONNECTION_STRING\): 14 UNAVAILABLE/,
    );
    const other = new Error('disk on fire');
    expect(messageOf(other)).toBe(other);
  });
});
