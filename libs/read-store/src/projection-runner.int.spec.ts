import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { SqliteEventStore } from '@vetted/event-store/sqlite/sqlite-event-store';
import { positionOf } from '@vetted/event-store';
import { MemoryReadStore } from './memory/memory-read-store';
import type { Projection } from './projection';
import { ProjectionRunner } from './projection-runner';
import type { StoredDocument } from './read-store';

interface CountDoc extends StoredDocument {
  userId: string;
  username: string;
}

const users: Projection<CountDoc> = {
  name: 'users',
  collection: { name: 'users', version: 1, indexes: [] },
  canHandle: ['UserSignedUp'],
  guard: 'revision',
  documentId: (e) => (e.data as { userId: string }).userId,
  evolve: (_doc, e) => ({
    userId: (e.data as { userId: string }).userId,
    username: (e.data as { username: string }).username,
  }),
};

const renames: Projection<CountDoc> = {
  ...users,
  name: 'renames',
  collection: { name: 'renames', version: 1, indexes: [] },
  canHandle: ['UserSignedUp', 'UserRenamed'],
};

describe('ProjectionRunner over the SQLite store', () => {
  let dir: string;
  let store: SqliteEventStore;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'vetted-runner-'));
    store = new SqliteEventStore({ file: path.join(dir, 'events.sqlite') });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const signUp = async (username: string) => {
    const userId = randomUUID();
    return store.appendToStream(`account-${userId}`, [{ type: 'UserSignedUp', data: { userId, username } }], {
      expectedRevision: 'no_stream',
    });
  };

  it('rebuilds from the start, then follows live appends; waitFor tells when a position is passed', async () => {
    for (let i = 0; i < 25; i++) await signUp(`u${i}`);
    const readStore = new MemoryReadStore();
    const runner = new ProjectionRunner(store, readStore, [users as Projection], { batchSize: 7 });
    await runner.start();
    expect(await readStore.collection(users.collection).count()).toBe(25);

    const { position } = await signUp('live');
    expect(await runner.waitFor(position, 2000)).toBe(true);
    expect(await readStore.collection(users.collection).count()).toBe(26);
    expect(await runner.waitFor(positionOf(position.commit + 1000n), 50)).toBe(false);
    await runner.stop();
  });

  it('resumes from its checkpoints with no gap and no duplicate, and catches a new projector up alone', async () => {
    for (let i = 0; i < 10; i++) await signUp(`a${i}`);
    const readStore = new MemoryReadStore();
    const first = new ProjectionRunner(store, readStore, [users as Projection]);
    await first.start();
    await first.stop();
    expect(await readStore.checkpoints.get('users@v1')).toBe('10');

    for (let i = 0; i < 5; i++) await signUp(`b${i}`);
    const applied: number[] = [];
    const second = new ProjectionRunner(store, readStore, [users as Projection, renames as Projection], {
      onBatch: (n) => applied.push(n),
    });
    await second.start();
    await second.stop();
    expect(await readStore.collection(users.collection).count()).toBe(15);
    expect(await readStore.collection(renames.collection).count()).toBe(15);
    // `users` projected only the 5 new events; `renames` all 15.
    expect(second.totalApplied).toBe(20);
    expect(await readStore.checkpoints.all()).toEqual({ 'users@v1': '15', 'renames@v1': '15' });
  });

  it('stops with the failure when a projector throws, and readiness can report it', async () => {
    await signUp('x');
    const broken: Projection = {
      ...(users as Projection),
      evolve: () => {
        throw new Error('bad projector');
      },
    };
    const runner = new ProjectionRunner(store, new MemoryReadStore(), [broken]);
    await expect(runner.start()).rejects.toThrow('bad projector');
    expect(String(runner.failure)).toContain('bad projector');
  });
});
