import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import fs, { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AllSubscription, NewEvent, RecordedEvent } from '../event-store';
import { WrongExpectedRevisionError } from '../event-store';
import { eventStoreContract } from '../event-store.contract';
import { SqliteEventStore } from './sqlite-event-store';

const dir = mkdtempSync(join(tmpdir(), 'vetted-event-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const newFile = (): string => join(dir, `${randomUUID()}.db`);
const one = (n: number, type = 'Tested'): NewEvent[] => [{ type, data: { n } }];
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

eventStoreContract(
  'SqliteEventStore',
  async () => new SqliteEventStore({ file: newFile(), pollIntervalMs: 25 }),
  { isolated: true, filtersEventTypes: true },
);

describe('SqliteEventStore', () => {
  const opened: SqliteEventStore[] = [];
  function open(file = newFile(), pollIntervalMs = 25): SqliteEventStore {
    const store = new SqliteEventStore({ file, pollIntervalMs });
    opened.push(store);
    return store;
  }

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });

  describe('subscriptions by event type', () => {
    it('takes its own commits from memory, as a read would return them, and moves past other types', async () => {
      const store = open();
      const seen: { events: RecordedEvent[]; upTo: bigint }[] = [];
      const reads = jest.spyOn(store, 'readProgress');
      const subscription = store.subscribeToAll({ eventTypes: ['Wanted'] }, (events, upTo) => {
        seen.push({ events: [...events], upTo: upTo.commit });
      });
      await sleep(10);
      reads.mockClear();
      const other = await store.appendToStream('a', one(1, 'Other'), { expectedRevision: 'no_stream' });
      await sleep(10);
      expect(seen.at(-1)).toEqual({ events: [], upTo: other.position.commit });

      const wanted = await store.appendToStream('b', [...one(2, 'Wanted'), ...one(3, 'Wanted')], {
        expectedRevision: 'no_stream',
      });
      await sleep(10);
      expect(reads).not.toHaveBeenCalled();
      expect(seen.at(-1)).toEqual({ events: await store.readStream('b'), upTo: wanted.position.commit });
      await subscription.stop();
    });

    it('reads what it missed when it was behind, and what other connections commit', async () => {
      const file = newFile();
      const store = open(file);
      const seen: string[] = [];
      const subscription = store.subscribeToAll({ eventTypes: ['Wanted'] }, (events) => {
        for (const event of events) seen.push(event.streamId);
      });
      const other = open(file);
      await other.appendToStream('elsewhere', one(1, 'Wanted'), { expectedRevision: 'no_stream' });
      await store.appendToStream('here', one(2, 'Wanted'), { expectedRevision: 'no_stream' });
      for (let i = 0; i < 50 && seen.length < 2; i++) await sleep(20);
      expect(seen).toEqual(['elsewhere', 'here']);
      await subscription.stop();
    });
  });

  describe('checkpoints on a worker thread', () => {
    const bulky = (n: number): NewEvent[] => [{ type: 'Tested', data: { n, pad: 'x'.repeat(1000) } }];

    it('copies the WAL into the database file without this connection checkpointing', async () => {
      const file = newFile();
      const plain = open(file);
      for (let i = 0; i < 300; i++)
        await plain.appendToStream(`s-${i}`, bulky(i), { expectedRevision: 'no_stream' });
      await sleep(50);
      // Far below its own autocheckpoint threshold: everything is still in the WAL.
      expect(statSync(file).size).toBeLessThan(100 * 1024);

      const store = new SqliteEventStore({ file, checkpointEveryMs: 5 });
      opened.push(store);
      for (let i = 0; i < 200 && statSync(file).size < 300 * 1000; i++) await sleep(10);
      expect(statSync(file).size).toBeGreaterThan(300 * 1000);
      expect(await store.readAll({ maxCount: 1000 })).toHaveLength(300);
    });

    it('refuses a period that is not a positive integer', () => {
      expect(() => new SqliteEventStore({ file: newFile(), checkpointEveryMs: 0 })).toThrow(RangeError);
    });
  });

  describe('durability', () => {
    /** Holds the store's fdatasyncs until `release` runs them for real. */
    function holdSyncs(): {
      held: () => number;
      /** Runs every held sync, or only the one at `index` (in the order they were asked for). */
      release: (index?: number) => void;
      restore: () => void;
    } {
      const real = fs.fdatasync;
      let waiting: (() => void)[] = [];
      const spy = jest.spyOn(fs, 'fdatasync').mockImplementation(((
        fd: number,
        callback: (error: NodeJS.ErrnoException | null) => void,
      ) => {
        waiting.push(() => real(fd, callback));
      }) as typeof fs.fdatasync);
      return {
        held: () => waiting.length,
        release: (index?: number) => {
          const now = index === undefined ? waiting : waiting.splice(index, 1);
          if (index === undefined) waiting = [];
          for (const run of now) run();
        },
        restore: () => spy.mockRestore(),
      };
    }
    const settled = async (promise: Promise<unknown>): Promise<boolean> => {
      let done = false;
      void promise.then(
        () => (done = true),
        () => (done = true),
      );
      await sleep(20);
      return done;
    };

    /** The stream ids a subscription to `$all` of `store` has been handed, in order. */
    const watch = (store: SqliteEventStore): { seen: string[]; subscription: AllSubscription } => {
      const seen: string[] = [];
      const subscription = store.subscribeToAll({}, (events) => {
        for (const event of events) seen.push(event.streamId);
      });
      return { seen, subscription };
    };

    it('answers an append, and shows its events, only once the WAL is synced after its commit', async () => {
      const store = open();
      const { seen, subscription } = watch(store);
      const syncs = holdSyncs();
      try {
        const first = store.appendToStream('a', one(1), { expectedRevision: 'no_stream' });
        expect(await settled(first)).toBe(false);
        expect(syncs.held()).toBe(1);
        // Committed (a command reads it), but not on disk yet: nobody else sees it.
        expect(await store.readStream('a')).toHaveLength(1);
        expect(await store.readAll()).toEqual([]);
        expect(await store.headPosition()).toBeNull();
        expect(seen).toEqual([]);

        // Committed while the first sync runs: it starts its own at once.
        const second = store.appendToStream('b', one(2), { expectedRevision: 'no_stream' });
        await sleep(10);
        expect(syncs.held()).toBe(2);
        syncs.release(0);
        await expect(first).resolves.toMatchObject({ nextExpectedRevision: 0 });
        expect(await settled(second)).toBe(false);
        expect(seen).toEqual(['a']);
        expect((await store.readAll()).map((e) => e.streamId)).toEqual(['a']);

        expect(syncs.held()).toBe(1);
        syncs.release();
        await expect(second).resolves.toMatchObject({ nextExpectedRevision: 0 });
        await sleep(10);
        expect(seen).toEqual(['a', 'b']);
        expect(store.stats()).toMatchObject({ transactions: 2, syncs: 2 });
      } finally {
        syncs.release();
        syncs.restore();
      }
      await subscription.stop();
    });

    it('runs at most two syncs at once, and a later sync answers for the commits of an earlier one', async () => {
      const store = open();
      const { seen, subscription } = watch(store);
      const syncs = holdSyncs();
      try {
        const first = store.appendToStream('a', one(1), { expectedRevision: 'no_stream' });
        await sleep(5);
        const second = store.appendToStream('b', one(2), { expectedRevision: 'no_stream' });
        await sleep(5);
        const third = store.appendToStream('c', one(3), { expectedRevision: 'no_stream' });
        await sleep(10);
        // Two run; the third commit waits for one of them to end.
        expect(syncs.held()).toBe(2);

        // The second sync ends first: it began after the first commit, so both are on disk.
        syncs.release(1);
        await expect(first).resolves.toMatchObject({ nextExpectedRevision: 0 });
        await expect(second).resolves.toMatchObject({ nextExpectedRevision: 0 });
        expect(await settled(third)).toBe(false);
        await sleep(10);
        expect(seen).toEqual(['a', 'b']);
        // The third commit's sync started when the second ended; the first's end changes nothing.
        expect(syncs.held()).toBe(2);
        syncs.release(0);
        expect(await settled(third)).toBe(false);
        expect((await store.readAll()).map((e) => e.streamId)).toEqual(['a', 'b']);

        syncs.release();
        await expect(third).resolves.toMatchObject({ nextExpectedRevision: 0 });
        await sleep(10);
        expect(seen).toEqual(['a', 'b', 'c']);
        expect(store.stats()).toMatchObject({ transactions: 3, syncs: 3 });
      } finally {
        syncs.release();
        syncs.restore();
      }
      await subscription.stop();
    });

    it("delivers another connection's commits once they are synced here too", async () => {
      const file = newFile();
      const store = open(file);
      const { seen, subscription } = watch(store);
      const other = open(file);
      await other.appendToStream('elsewhere', one(1), { expectedRevision: 'no_stream' });
      const syncs = holdSyncs();
      try {
        await sleep(100);
        // The poll saw the other commit and asked for a sync, which is held.
        expect(syncs.held()).toBe(1);
        expect(seen).toEqual([]);
        syncs.release();
        for (let i = 0; i < 50 && seen.length < 1; i++) await sleep(10);
        expect(seen).toEqual(['elsewhere']);
      } finally {
        syncs.release();
        syncs.restore();
      }
      await subscription.stop();
    });

    it('refuses the appends of a commit whose sync fails, and shows none of it', async () => {
      const store = open();
      const spy = jest.spyOn(fs, 'fdatasync').mockImplementationOnce(((
        _fd: number,
        callback: (error: NodeJS.ErrnoException | null) => void,
      ) => {
        callback(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
      }) as typeof fs.fdatasync);
      try {
        await expect(store.appendToStream('a', one(1), { expectedRevision: 'no_stream' })).rejects.toThrow(
          /EIO/,
        );
        expect(await store.readAll()).toEqual([]);
      } finally {
        spy.mockRestore();
      }
      // The next sync covers it: the row was committed, and is now on disk.
      await store.appendToStream('b', one(2), { expectedRevision: 'no_stream' });
      expect((await store.readAll()).map((e) => e.streamId)).toEqual(['a', 'b']);
    });
  });

  describe('group commit', () => {
    it('checks a new stream with its own insert: an existing one fails alone, its events untouched', async () => {
      const store = open();
      await store.appendToStream('taken', [...one(1), ...one(2)], { expectedRevision: 'no_stream' });
      const lastRevision = jest.spyOn(
        (store as unknown as { lastRevision: { get: (id: string) => number | null } }).lastRevision,
        'get',
      );
      const [fresh, taken, other] = await Promise.allSettled([
        store.appendToStream('fresh', [...one(3), ...one(4)], { expectedRevision: 'no_stream' }),
        store.appendToStream('taken', one(5), { expectedRevision: 'no_stream' }),
        store.appendToStream('other', one(6), { expectedRevision: 'no_stream' }),
      ]);
      expect(fresh).toMatchObject({ status: 'fulfilled', value: { nextExpectedRevision: 1 } });
      expect(other).toMatchObject({ status: 'fulfilled', value: { nextExpectedRevision: 0 } });
      expect(taken.status).toBe('rejected');
      const refusal = (taken as PromiseRejectedResult).reason as WrongExpectedRevisionError;
      expect(refusal).toBeInstanceOf(WrongExpectedRevisionError);
      expect(refusal.actual).toBe(1);
      // Read only to report the refusal: the two new streams were not looked up first.
      expect(lastRevision.mock.calls.map(([id]) => id)).toEqual(['taken']);
      expect((await store.readStream('taken')).map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
      expect((await store.readStream('fresh')).map((e) => e.data)).toEqual([{ n: 3 }, { n: 4 }]);
      expect(store.stats()).toMatchObject({ transactions: 2 });
    });

    it('commits appends made in the same turn in one transaction, durably', async () => {
      const file = newFile();
      const store = open(file);
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, n) =>
          store.appendToStream(`s-${n}`, one(n), { expectedRevision: 'no_stream' }),
        ),
      );
      expect(store.stats()).toEqual({ appends: 50, transactions: 1, syncs: 1 });
      expect(results.every((r) => r.nextExpectedRevision === 0)).toBe(true);
      expect(new Set(results.map((r) => r.position.commit)).size).toBe(50);
      await store.close();

      const reopened = open(file);
      const all = await reopened.readAll();
      expect(all).toHaveLength(50);
      expect(all.map((e) => e.streamId)).toEqual(Array.from({ length: 50 }, (_, n) => `s-${n}`));
      expect(all.map((e) => e.position)).toEqual(results.map((r) => r.position));
    });

    it('refuses a request of a batch whose revision is wrong without failing the others', async () => {
      const store = open();
      await store.appendToStream('taken', one(0), { expectedRevision: 'no_stream' });
      const before = store.stats().transactions;
      const outcomes = await Promise.allSettled([
        store.appendToStream('a', one(1), { expectedRevision: 'no_stream' }),
        store.appendToStream('taken', one(2), { expectedRevision: 'no_stream' }),
        store.appendToStream('b', one(3), { expectedRevision: 'no_stream' }),
      ]);
      expect(store.stats().transactions - before).toBe(1);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      const refused = (outcomes[1] as PromiseRejectedResult).reason as WrongExpectedRevisionError;
      expect(refused).toBeInstanceOf(WrongExpectedRevisionError);
      expect(refused).toMatchObject({ streamId: 'taken', expected: 'no_stream', actual: 0 });
      expect((await store.readAll()).map((e) => e.data)).toEqual([{ n: 0 }, { n: 1 }, { n: 3 }]);
    });

    it('lets later requests on a stream in the same batch see the earlier ones', async () => {
      const store = open();
      const outcomes = await Promise.allSettled([
        store.appendToStream('s', [...one(0), ...one(1)], { expectedRevision: 'no_stream' }),
        store.appendToStream('s', one(2), { expectedRevision: 1 }),
        store.appendToStream('s', one(3), { expectedRevision: 1 }),
        store.appendToStream('s', one(4), { expectedRevision: 'stream_exists' }),
        store.appendToStream('s', [], { expectedRevision: 3 }),
      ]);
      expect(store.stats().transactions).toBe(1);
      expect(outcomes.map((o) => o.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
        'fulfilled',
      ]);
      expect((outcomes[2] as PromiseRejectedResult).reason).toMatchObject({ expected: 1, actual: 2 });
      const values = outcomes.map((o) => (o.status === 'fulfilled' ? o.value.nextExpectedRevision : null));
      expect(values).toEqual([1, 2, null, 3, 3]);
      const stream = await store.readStream('s');
      expect(stream.map((e) => e.data)).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }, { n: 4 }]);
      expect(outcomes[4]).toMatchObject({ value: { position: stream[3].position } });
    });

    it('rejects every request of a batch whose transaction fails, then keeps working', async () => {
      const file = newFile();
      const store = open(file);
      await store.appendToStream('s', one(0), { expectedRevision: 'no_stream' });
      const saboteur = new Database(file);
      saboteur.exec(
        "CREATE TRIGGER refuse BEFORE INSERT ON events WHEN NEW.type = 'Boom' BEGIN SELECT RAISE(ABORT, 'disk on fire'); END",
      );
      saboteur.close();

      const outcomes = await Promise.allSettled([
        store.appendToStream('s', one(1), { expectedRevision: 0 }),
        store.appendToStream('t', one(2, 'Boom'), { expectedRevision: 'any' }),
        store.appendToStream('u', one(3), { expectedRevision: 'no_stream' }),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
      for (const outcome of outcomes)
        expect((outcome as PromiseRejectedResult).reason.message).toMatch(/disk on fire/);
      expect(await store.readAll()).toHaveLength(1);

      // Nothing of the failed batch, its revisions included, may leak into the next one.
      await store.appendToStream('s', one(1), { expectedRevision: 0 });
      await store.appendToStream('u', one(3), { expectedRevision: 'no_stream' });
      expect((await store.readAll()).map((e) => e.data)).toEqual([{ n: 0 }, { n: 1 }, { n: 3 }]);
    });

    it('fails an append whose data cannot be stored alone, before it joins a batch', async () => {
      const store = open();
      const outcomes = await Promise.allSettled([
        store.appendToStream('a', one(1), { expectedRevision: 'no_stream' }),
        store.appendToStream('b', [{ type: 'Bad', data: { amount: 10n } }], {
          expectedRevision: 'no_stream',
        }),
        store.appendToStream('c', one(3), { expectedRevision: 'no_stream' }),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(await store.readStream('b')).toEqual([]);
    });

    it('refuses expected revisions no stream can have', async () => {
      const store = open();
      await expect(store.appendToStream('s', one(0), { expectedRevision: -2 })).rejects.toThrow(RangeError);
      await expect(store.appendToStream('s', one(0), { expectedRevision: 1.5 })).rejects.toThrow(RangeError);
      await expect(store.appendToStream('', one(0), { expectedRevision: 'any' })).rejects.toThrow(TypeError);
    });
  });

  describe('the file', () => {
    it('keeps events across close and reopen, and numbers on from there', async () => {
      const file = newFile();
      const store = open(file);
      await store.appendToStream('s', [...one(0), ...one(1)], { expectedRevision: 'no_stream' });
      const before = await store.readAll();
      await store.close();

      const reopened = open(file);
      expect(await reopened.readAll()).toEqual(before);
      expect(await reopened.headPosition()).toEqual(before[1].position);
      const next = await reopened.appendToStream('s', one(2), { expectedRevision: 1 });
      expect(next.nextExpectedRevision).toBe(2);
      expect(next.position.commit).toBe(before[1].position.commit + 1n);
    });

    it('commits appends accepted before close and refuses appends after it', async () => {
      const file = newFile();
      const store = open(file);
      const pending = store.appendToStream('s', one(0), { expectedRevision: 'no_stream' });
      await store.close();
      await expect(pending).resolves.toMatchObject({ nextExpectedRevision: 0 });
      await expect(store.appendToStream('s', one(1), { expectedRevision: 0 })).rejects.toThrow(/closed/);
      expect(await open(file).readStream('s')).toHaveLength(1);
    });

    it('creates the parent directory and uses WAL, synced by the store (NORMAL, not FULL)', async () => {
      const file = join(dir, randomUUID(), 'nested', 'events.db');
      const store = open(file);
      await store.appendToStream('s', one(0), { expectedRevision: 'no_stream' });
      expect(existsSync(file)).toBe(true);
      const raw = new Database(file, { readonly: true });
      expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
      raw.close();
      // synchronous is a setting of the connection, so it can only be read through the store's own.
      const own = (store as unknown as { db: Database.Database }).db;
      expect(own.pragma('synchronous', { simple: true })).toBe(1); // NORMAL: the store syncs the WAL
      expect(own.pragma('busy_timeout', { simple: true })).toBe(5000);
    });

    it('refuses an in-memory database', () => {
      expect(() => new SqliteEventStore({ file: ':memory:' })).toThrow(/file/);
      expect(() => new SqliteEventStore({ file: '' })).toThrow(/file/);
    });
  });

  describe('two instances on one file', () => {
    it('delivers events appended by the other instance to a live subscription', async () => {
      const file = newFile();
      const reader = open(file, 20);
      const writer = open(file);
      await writer.appendToStream('s', one(0), { expectedRevision: 'no_stream' });
      const seen: RecordedEvent[] = [];
      const subscription = reader.subscribeToAll({}, (batch) => {
        seen.push(...batch);
      });
      for (let n = 1; n < 5; n++) {
        await writer.appendToStream('s', one(n), { expectedRevision: n - 1 });
        if (n === 2) await reader.appendToStream('r', one(100), { expectedRevision: 'no_stream' });
        await sleep(n * 7);
      }
      const deadline = Date.now() + 5000;
      while (seen.length < 6 && Date.now() < deadline) await sleep(5);
      await sleep(60);
      await subscription.stop();
      expect(seen.map((e) => (e.data as { n: number }).n)).toEqual([0, 1, 2, 100, 3, 4]);
      expect(seen).toEqual(await writer.readAll());
    });

    it('checks expected revisions against what the other instance committed', async () => {
      const file = newFile();
      const a = open(file);
      const b = open(file);
      await a.appendToStream('s', one(0), { expectedRevision: 'no_stream' });
      const outcomes = await Promise.allSettled([
        a.appendToStream('s', one(1), { expectedRevision: 0 }),
        b.appendToStream('s', one(2), { expectedRevision: 0 }),
      ]);
      expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(await b.readStream('s')).toHaveLength(2);
    });
  });
});
