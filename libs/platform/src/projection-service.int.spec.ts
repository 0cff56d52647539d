import { Logger } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteEventStore } from '@vetted/event-store/sqlite/sqlite-event-store';
import { loadConfig } from '@vetted/kernel';
import { MemoryReadStore } from '@vetted/read-store/memory/memory-read-store';
import type { ReadStore } from '@vetted/read-store';
import { Metrics } from './metrics';
import { ProjectionService } from './projection-service';

/** A read store that, like MongoDB, is shared by several processes and survives them. */
function sharedDurable(inner: MemoryReadStore): ReadStore {
  return Object.assign(Object.create(inner) as MemoryReadStore, {
    durable: true,
    close: async () => undefined,
  });
}

describe('ProjectionService scaled out', () => {
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(['log', 'error', 'warn']));

  it('lets one worker project at a time and hands over when it stops', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vetted-lease-'));
    const store = new SqliteEventStore({ file: path.join(dir, 'events.sqlite') });
    await store.appendToStream(
      'account-a',
      [{ type: 'UserSignedUp', data: { userId: 'a', username: 'alice', at: 'x' } }],
      {
        expectedRevision: 'no_stream',
      },
    );
    const shared = new MemoryReadStore();
    const config = loadConfig({ DATA_DIR: dir, READ_STORE: 'mongo', MONGO_URL: 'mongodb://unused' });
    const first = new ProjectionService(config, store, sharedDurable(shared), new Metrics());
    const second = new ProjectionService(config, store, sharedDurable(shared), new Metrics());
    try {
      await first.onApplicationBootstrap();
      await second.onApplicationBootstrap();
      expect((await first.report()).leaseOwner).toBe(true);
      expect((await second.report()).leaseOwner).toBe(false);
      // The standby answers read-your-writes from the checkpoints the owner stores.
      expect(await second.waitFor((await store.headPosition())!, 1000)).toBe(true);

      await first.onApplicationShutdown();
      await second.leased.keepLease();
      expect((await second.report()).leaseOwner).toBe(true);
    } finally {
      await second.onApplicationShutdown();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
