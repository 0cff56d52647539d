import fs, { statSync } from 'node:fs';
import type { AllSubscription, NewEvent } from '../event-store';
import { one, sleep, sqliteStoreFixture } from '../testing/sqlite-store-fixture';
import { SqliteEventStore } from './sqlite-event-store';

const { newFile, open } = sqliteStoreFixture();

/** What reaches the disk when: WAL syncs, checkpoints, and what appends and subscriptions wait for. */
describe('SqliteEventStore durability', () => {
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

      const store = open(file, { checkpointEveryMs: 5 });
      for (let i = 0; i < 200 && statSync(file).size < 300 * 1000; i++) await sleep(10);
      expect(statSync(file).size).toBeGreaterThan(300 * 1000);
      expect(await store.readAll({ maxCount: 1000 })).toHaveLength(300);
    });

    it('refuses a period that is not a positive integer', () => {
      expect(() => new SqliteEventStore({ file: newFile(), checkpointEveryMs: 0 })).toThrow(RangeError);
    });
  });

  describe('durability', () => {
    interface HeldSyncs {
      held: () => number;
      /** Runs every held sync, or only the one at `index` (in the order they were asked for). */
      release: (index?: number) => void;
    }
    /** Runs `body` with the store's fdatasyncs held until it releases them; then runs the rest for real. */
    async function withHeldSyncs(body: (syncs: HeldSyncs) => Promise<void>): Promise<void> {
      const real = fs.fdatasync;
      let waiting: (() => void)[] = [];
      const spy = jest.spyOn(fs, 'fdatasync').mockImplementation(((
        fd: number,
        callback: (error: NodeJS.ErrnoException | null) => void,
      ) => {
        waiting.push(() => real(fd, callback));
      }) as typeof fs.fdatasync);
      const release = (index?: number): void => {
        const now = index === undefined ? waiting : waiting.splice(index, 1);
        if (index === undefined) waiting = [];
        for (const run of now) run();
      };
      try {
        await body({ held: () => waiting.length, release });
      } finally {
        release();
        spy.mockRestore();
      }
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
      await withHeldSyncs(async (syncs) => {
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
      });
      await subscription.stop();
    });

    it('runs at most two syncs at once, and a later sync answers for the commits of an earlier one', async () => {
      const store = open();
      const { seen, subscription } = watch(store);
      await withHeldSyncs(async (syncs) => {
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
      });
      await subscription.stop();
    });

    it("delivers another connection's commits once they are synced here too", async () => {
      const file = newFile();
      const store = open(file);
      const { seen, subscription } = watch(store);
      const other = open(file);
      await other.appendToStream('elsewhere', one(1), { expectedRevision: 'no_stream' });
      await withHeldSyncs(async (syncs) => {
        await sleep(100);
        // The poll saw the other commit and asked for a sync, which is held.
        expect(syncs.held()).toBe(1);
        expect(seen).toEqual([]);
        syncs.release();
        for (let i = 0; i < 50 && seen.length < 1; i++) await sleep(10);
        expect(seen).toEqual(['elsewhere']);
      });
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
});
