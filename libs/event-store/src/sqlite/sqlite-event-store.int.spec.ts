import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { RecordedEvent } from '../event-store';
import { WrongExpectedRevisionError } from '../event-store';
import { eventStoreContract } from '../event-store.contract';
import { one, sleep, sqliteStoreFixture } from '../testing/sqlite-store-fixture';
import { SqliteEventStore } from './sqlite-event-store';

const { dir, newFile, open } = sqliteStoreFixture();

eventStoreContract(
  'SqliteEventStore',
  async () => new SqliteEventStore({ file: newFile(), pollIntervalMs: 25 }),
  { isolated: true, filtersEventTypes: true },
);

describe('SqliteEventStore', () => {
  describe('group commit', () => {
    it('checks each append against the streams it indexed: an existing one fails alone, its events untouched', async () => {
      const store = open();
      await store.appendToStream('taken', [...one(1), ...one(2)], { expectedRevision: 'no_stream' });
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
      expect((await store.readStream('taken')).map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
      expect((await store.readStream('fresh')).map((e) => e.data)).toEqual([{ n: 3 }, { n: 4 }]);
      expect(store.knownRevision('fresh')).toBe(1);
      expect(store.knownRevision('never')).toBe(-1);
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

    it('keeps no index of its streams in the file, and indexes them in memory when it opens', async () => {
      const file = newFile();
      const first = open(file);
      await first.appendToStream('a', [...one(0), ...one(1)], { expectedRevision: 'no_stream' });
      await first.appendToStream('b', one(2), { expectedRevision: 'no_stream' });
      await first.appendToStream('a', one(3), { expectedRevision: 1 });
      await first.close();
      const raw = new Database(file, { readonly: true });
      // A new stream writes its row and nothing at a random place of an index.
      expect(raw.prepare("SELECT name FROM sqlite_master WHERE type = 'index'").all()).toEqual([]);
      raw.close();

      const reopened = open(file);
      expect(reopened.knownRevision('a')).toBe(2);
      expect(reopened.knownRevision('b')).toBe(0);
      expect((await reopened.readStream('a', { fromRevision: 1 })).map((e) => [e.revision, e.data])).toEqual([
        [1, { n: 1 }],
        [2, { n: 3 }],
      ]);
      await expect(
        reopened.appendToStream('b', one(4), { expectedRevision: 'no_stream' }),
      ).rejects.toMatchObject({
        actual: 0,
      });
      await expect(reopened.appendToStream('a', [], { expectedRevision: 2 })).resolves.toEqual({
        nextExpectedRevision: 2,
        position: expect.objectContaining({ commit: 4n }),
      });
    });

    it('numbers rows without AUTOINCREMENT, and goes on after the last row of a file made with it', async () => {
      const fresh = newFile();
      const store = open(fresh);
      await store.appendToStream('s', [...one(0), ...one(1)], { expectedRevision: 'no_stream' });
      const raw = new Database(fresh, { readonly: true });
      // No sqlite_sequence table: a commit writes no page of bookkeeping beside its rows.
      expect(
        raw.prepare("SELECT name FROM sqlite_master WHERE name = 'sqlite_sequence'").get(),
      ).toBeUndefined();
      raw.close();

      // A file created by the earlier schema, whose AUTOINCREMENT counter ran past its last row.
      const older = newFile();
      const legacy = new Database(older);
      legacy.pragma('journal_mode = WAL');
      legacy.exec(`CREATE TABLE events (
        position INTEGER PRIMARY KEY AUTOINCREMENT, stream_id TEXT NOT NULL, revision INTEGER NOT NULL,
        id TEXT NOT NULL, type TEXT NOT NULL, body TEXT NOT NULL, created_at TEXT NOT NULL,
        UNIQUE (stream_id, revision)) STRICT`);
      const insert = legacy.prepare(
        "INSERT INTO events (position, stream_id, revision, id, type, body, created_at) VALUES (?, 'old', ?, ?, 'T', ?, '2026-01-01T00:00:00.000Z')",
      );
      insert.run(1, 0, randomUUID(), JSON.stringify({ data: { n: 0 }, metadata: {} }));
      insert.run(7, 1, randomUUID(), JSON.stringify({ data: { n: 1 }, metadata: {} }));
      legacy.exec("UPDATE sqlite_sequence SET seq = 9 WHERE name = 'events'");
      legacy.close();
      const reopened = open(older);
      const appended = await reopened.appendToStream('old', one(2), { expectedRevision: 1 });
      // The old table keeps its counter: the next row comes after it, never at a used position.
      expect(appended.position.commit).toBe(10n);
      expect((await reopened.readStream('old')).map((e) => [e.position.commit, e.data])).toEqual([
        [1n, { n: 0 }],
        [7n, { n: 1 }],
        [10n, { n: 2 }],
      ]);
    });

    it('refuses an in-memory database', () => {
      expect(() => new SqliteEventStore({ file: ':memory:' })).toThrow(/file/);
      expect(() => new SqliteEventStore({ file: '' })).toThrow(/file/);
    });
  });

  describe('two instances on one file', () => {
    it('delivers events appended by the other instance to a live subscription', async () => {
      const file = newFile();
      const reader = open(file, { pollIntervalMs: 20 });
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

    it("counts events by type up to the head it shows, not the other instance's later commits", async () => {
      const file = newFile();
      const writer = open(file);
      await writer.appendToStream('s', [...one(0), ...one(1)], { expectedRevision: 'no_stream' });
      const reader = open(file);
      await writer.appendToStream('s', one(2), { expectedRevision: 1 });
      const [counts, head] = await Promise.all([reader.countByType(), reader.headPosition()]);
      const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
      expect(BigInt(total)).toBe(head?.commit);
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
