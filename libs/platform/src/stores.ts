import path from 'node:path';
import type { EventStore } from '@vetted/event-store';
import { EsdbEventStore } from '@vetted/event-store/esdb/esdb-event-store';
import { SqliteEventStore } from '@vetted/event-store/sqlite/sqlite-event-store';
import type { Config } from '@vetted/kernel';
import type { ReadStore } from '@vetted/read-store';
import { MemoryReadStore } from '@vetted/read-store/memory/memory-read-store';
import { MongoReadStore } from '@vetted/read-store/mongo/mongo-read-store';

/**
 * How often the service's SQLite files (event store, sandbox) have their WAL checkpointed on a
 * worker thread, so that no checkpoint copies megabytes on the event loop (docs/decisions.md).
 * Every checkpoint that catches up makes the next commit restart the WAL, and SQLite syncs the new
 * WAL header on the committing thread: every 20 ms that was up to 50 fsyncs a second per file on
 * the event loop; every 250 ms, at most 4 (and the checkpoints copy pages dirtied many times once).
 */
export const WAL_CHECKPOINT_EVERY_MS = 250;

export function eventStoreFile(config: Config): string {
  return path.join(config.dataDir, 'events.sqlite');
}

export async function openEventStore(config: Config): Promise<EventStore> {
  if (config.eventStore === 'esdb')
    return EsdbEventStore.connect(config.eventStoreConnectionString as string);
  return new SqliteEventStore({ file: eventStoreFile(config), checkpointEveryMs: WAL_CHECKPOINT_EVERY_MS });
}

export async function openReadStore(config: Config): Promise<ReadStore> {
  if (config.readStore === 'mongo')
    return MongoReadStore.connect(config.mongoUrl as string, config.mongoDb, {
      serverSelectionTimeoutMS: 5000,
    });
  return new MemoryReadStore();
}
