import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { ConcurrentModification } from '@vetted/kernel';
import type { Decider, DomainEvent } from './command-handling';
import { handleCommand, loadState } from './command-handling';
import type { EventStore } from './event-store';
import { WrongExpectedRevisionError } from './event-store';
import { allocateNumbers } from './sequence';
import { SqliteEventStore } from './sqlite/sqlite-event-store';

type CounterEvent = DomainEvent<'Incremented', { by: number }>;
interface Counter {
  total: number;
}
const counter: Decider<Counter, { by: number; max: number }, CounterEvent> = {
  initialState: () => ({ total: 0 }),
  evolve: (state, event) => ({ total: state.total + event.data.by }),
  decide: (command, state) => {
    if (state.total + command.by > command.max) throw new Error('over the limit');
    return command.by === 0 ? [] : [{ type: 'Incremented', data: { by: command.by } }];
  },
};

describe('handleCommand', () => {
  let dir: string;
  let store: SqliteEventStore;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'vetted-command-'));
    store = new SqliteEventStore({ file: path.join(dir, 'events.sqlite') });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates the stream, then appends at the expected revision, with metadata', async () => {
    const stream = `counter-${randomUUID()}`;
    const first = await handleCommand(
      store,
      stream,
      counter,
      { by: 2, max: 10 },
      { metadata: { requestId: 'r1' } },
    );
    expect(first).toMatchObject({ state: { total: 2 }, revision: 0 });
    const second = await handleCommand(store, stream, counter, { by: 3, max: 10 });
    expect(second).toMatchObject({ state: { total: 5 }, revision: 1 });
    const events = await store.readStream(stream);
    expect(events.map((e) => e.data)).toEqual([{ by: 2 }, { by: 3 }]);
    expect(events[0].metadata).toEqual({ requestId: 'r1' });
  });

  it('appends nothing when decide returns no events', async () => {
    const outcome = await handleCommand(store, `counter-${randomUUID()}`, counter, { by: 0, max: 10 });
    expect(outcome).toMatchObject({ newEvents: [], position: null, revision: -1 });
    expect(await store.headPosition()).toBeNull();
  });

  it('re-reads and re-decides on a conflict, so concurrent commands all respect the invariant', async () => {
    const stream = `counter-${randomUUID()}`;
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        handleCommand(store, stream, counter, { by: 1, max: 5 }, { retries: 20 }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(rejected.map((r) => (r.reason as Error).message)).toEqual([
      'over the limit',
      'over the limit',
      'over the limit',
    ]);
    expect(await store.readStream(stream)).toHaveLength(5);
  });

  it('assumeNew appends to a new stream without reading it, and decides on the real state when it exists', async () => {
    const reads = jest.spyOn(store, 'readStream');
    const stream = `counter-${randomUUID()}`;
    const created = await handleCommand(store, stream, counter, { by: 4, max: 5 }, { assumeNew: true });
    expect(created).toMatchObject({ state: { total: 4 }, revision: 0 });
    expect(reads).not.toHaveBeenCalled();

    // The stream exists: the no_stream append fails, the command reads and decides again.
    await expect(
      handleCommand(store, stream, counter, { by: 2, max: 5 }, { assumeNew: true }),
    ).rejects.toThrow('over the limit');
    const next = await handleCommand(store, stream, counter, { by: 1, max: 5 }, { assumeNew: true });
    expect(next).toMatchObject({ state: { total: 5 }, revision: 1 });
    expect((await store.readStream(stream)).map((e) => e.data)).toEqual([{ by: 4 }, { by: 1 }]);
  });

  it('answers 409 CONCURRENT_MODIFICATION when retries run out', async () => {
    const alwaysConflicting: EventStore = Object.create(store, {
      appendToStream: {
        value: async () => {
          throw new WrongExpectedRevisionError('s', 0, 1);
        },
      },
    });
    const attempt = handleCommand(alwaysConflicting, 'counter-x', counter, { by: 1, max: 5 }, { retries: 2 });
    await expect(attempt).rejects.toBeInstanceOf(ConcurrentModification);
    await expect(attempt).rejects.toMatchObject({ status: 409, code: 'CONCURRENT_MODIFICATION' });
  });

  it('allocates distinct, consecutive sequence numbers under concurrency', async () => {
    const batches = await Promise.all(Array.from({ length: 20 }, () => allocateNumbers(store, 'wallet', 2)));
    const all = batches.flat().sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    for (const [a, b] of batches) expect(b).toBe(a + 1);
  });

  describe('folded-state cache', () => {
    it('reads nothing while no one else can have written, then only the events after what it folded', async () => {
      const stream = `counter-${randomUUID()}`;
      for (let i = 0; i < 20; i++) await handleCommand(store, stream, counter, { by: 1, max: 100 });
      const reads = jest.spyOn(store, 'readStream');
      const outcome = await handleCommand(store, stream, counter, { by: 1, max: 100 });
      expect(outcome).toMatchObject({ state: { total: 21 }, revision: 20 });
      expect(reads).not.toHaveBeenCalled();

      // Another connection writes to the file: the next fold reads, but only the tail.
      const other = new SqliteEventStore({ file: path.join(dir, 'events.sqlite') });
      try {
        await other.appendToStream(stream, [{ type: 'Incremented', data: { by: 10 } }], {
          expectedRevision: 20,
        });
      } finally {
        await other.close();
      }
      await new Promise((resolve) => setImmediate(resolve));
      const after = await handleCommand(store, stream, counter, { by: 1, max: 100 });
      expect(after).toMatchObject({ state: { total: 32 }, revision: 22 });
      expect(reads).toHaveBeenCalledWith(stream, { fromRevision: 21 });
      reads.mockRestore();
    });

    it('needs no read of a stream after another writer committed only elsewhere', async () => {
      const stream = `counter-${randomUUID()}`;
      await handleCommand(store, stream, counter, { by: 3, max: 100 });
      // Another connection commits elsewhere in the file: the store indexes its rows, and this
      // stream's revision is known to be unchanged.
      const other = new SqliteEventStore({ file: path.join(dir, 'events.sqlite') });
      try {
        await other.appendToStream(`counter-${randomUUID()}`, [{ type: 'Incremented', data: { by: 1 } }], {
          expectedRevision: 'no_stream',
        });
      } finally {
        await other.close();
      }
      await new Promise((resolve) => setImmediate(resolve));
      const reads = jest.spyOn(store, 'readStream');
      expect(await loadState(store, stream, counter)).toEqual({ total: 3 });
      expect(reads).not.toHaveBeenCalled();
      reads.mockRestore();
    });

    it('decides on the latest state after another writer appended, whenever it last looked', async () => {
      const stream = `counter-${randomUUID()}`;
      await handleCommand(store, stream, counter, { by: 1, max: 100 });
      const other = new SqliteEventStore({ file: path.join(dir, 'events.sqlite') });
      try {
        // This store has just looked for other writers; the other one writes after that.
        store.knownRevision(stream);
        await other.appendToStream(stream, [{ type: 'Incremented', data: { by: 10 } }], {
          expectedRevision: 0,
        });
        const outcome = await handleCommand(store, stream, counter, { by: 1, max: 100 });
        expect(outcome).toMatchObject({ state: { total: 12 }, revision: 2 });
      } finally {
        await other.close();
      }
    });

    it('sees what another writer appended meanwhile', async () => {
      const stream = `counter-${randomUUID()}`;
      await handleCommand(store, stream, counter, { by: 1, max: 100 });
      await store.appendToStream(stream, [{ type: 'Incremented', data: { by: 10 } }], {
        expectedRevision: 0,
      });
      expect(await loadState(store, stream, counter)).toEqual({ total: 11 });
      const outcome = await handleCommand(store, stream, counter, { by: 1, max: 100 });
      expect(outcome).toMatchObject({ state: { total: 12 }, revision: 2 });
    });

    it('never mixes two stores that hold the same stream id', async () => {
      const other = new SqliteEventStore({ file: path.join(dir, 'other.sqlite') });
      try {
        await handleCommand(store, 'counter-same', counter, { by: 5, max: 100 });
        await handleCommand(store, 'counter-same', counter, { by: 5, max: 100 });
        const outcome = await handleCommand(other, 'counter-same', counter, { by: 1, max: 100 });
        expect(outcome).toMatchObject({ state: { total: 1 }, revision: 0 });
      } finally {
        await other.close();
      }
    });
  });
});
