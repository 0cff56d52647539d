import type { RecordedEvent } from '../event-store';
import { one, sleep, sqliteStoreFixture } from '../testing/sqlite-store-fixture';

/** What subscribers of a SqliteEventStore get: own commits from memory, others' read back. */
const { newFile, open } = sqliteStoreFixture();

describe('SqliteEventStore delivery to subscribers', () => {
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

    it('takes commits announced during a delivery from memory too, in order, batched up to its size', async () => {
      const store = open();
      const seen: { types: string[]; upTo: bigint }[] = [];
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const reads = jest.spyOn(store, 'readProgress');
      const subscription = store.subscribeToAll(
        { eventTypes: ['Wanted'], batchSize: 2 },
        async (events, upTo) => {
          seen.push({ types: events.map((e) => `${e.streamId}:${e.revision}`), upTo: upTo.commit });
          if (seen.length === 1) await held;
        },
      );
      await sleep(10);
      reads.mockClear();
      const first = await store.appendToStream('a', one(1, 'Wanted'), { expectedRevision: 'no_stream' });
      // Four more commits while the first delivery is held: one of another type, three wanted.
      const later = [];
      for (const [stream, type] of [
        ['b', 'Other'],
        ['c', 'Wanted'],
        ['d', 'Wanted'],
        ['e', 'Wanted'],
      ] as const)
        later.push(await store.appendToStream(stream, one(2, type), { expectedRevision: 'no_stream' }));
      expect(seen).toHaveLength(1);
      release();
      for (let i = 0; i < 50 && seen.at(-1)?.upTo !== later[3].position.commit; i++) await sleep(5);
      expect(seen).toEqual([
        { types: ['a:0'], upTo: first.position.commit },
        { types: ['c:0', 'd:0'], upTo: later[2].position.commit },
        { types: ['e:0'], upTo: later[3].position.commit },
      ]);
      expect(reads).not.toHaveBeenCalled();
      await subscription.stop();
    });

    it("reads what follows another connection's commit, each event once and in order", async () => {
      const file = newFile();
      const store = open(file);
      const other = open(file);
      const seen: string[] = [];
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const subscription = store.subscribeToAll({ eventTypes: ['Wanted'] }, async (events) => {
        for (const event of events) seen.push(event.streamId);
        if (seen.length === 1) await held;
      });
      await store.appendToStream('first', one(1, 'Wanted'), { expectedRevision: 'no_stream' });
      for (let i = 0; i < 50 && seen.length < 1; i++) await sleep(5);
      await store.appendToStream('queued', one(2, 'Wanted'), { expectedRevision: 'no_stream' });
      await other.appendToStream('elsewhere', one(3, 'Wanted'), { expectedRevision: 'no_stream' });
      await sleep(60); // the poll sees the other connection's commit
      await store.appendToStream('after', one(4, 'Wanted'), { expectedRevision: 'no_stream' });
      release();
      for (let i = 0; i < 50 && seen.length < 4; i++) await sleep(20);
      await sleep(50);
      expect(seen).toEqual(['first', 'queued', 'elsewhere', 'after']);
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

  describe('the objects appended', () => {
    it('reach subscribers as appended, frozen: neither the appender nor a subscriber can change them', async () => {
      const store = open();
      const data = { amount: '1.5', legs: [{ status: 'pending' }] };
      const metadata = { correlationId: 'c-1' };
      let delivered: RecordedEvent | undefined;
      const subscription = store.subscribeToAll({ eventTypes: ['Quoted'] }, (events) => {
        delivered ??= events[0];
      });
      await sleep(10);
      await store.appendToStream('frozen', [{ type: 'Quoted', data, metadata }], {
        expectedRevision: 'no_stream',
      });
      for (let i = 0; i < 50 && delivered === undefined; i++) await sleep(10);
      expect(delivered?.data).toBe(data);
      expect(delivered?.metadata).toBe(metadata);
      expect(() => {
        data.legs[0].status = 'done';
      }).toThrow(TypeError);
      expect(() => {
        (delivered?.data as typeof data).legs.push({ status: 'extra' });
      }).toThrow(TypeError);
      expect(await store.readStream('frozen')).toEqual([expect.objectContaining({ data, metadata })]);
      await subscription.stop();
    });

    it('refuses, under test, an event whose data would read back otherwise, and nothing is written', async () => {
      const store = open();
      for (const data of [{ note: undefined }, { at: new Date(0) }, { list: [1, undefined] }])
        await expect(
          store.appendToStream('not-json', [{ type: 'Odd', data }], { expectedRevision: 'any' }),
        ).rejects.toThrow('event Odd is not plain JSON');
      expect(await store.readStream('not-json')).toEqual([]);
    });
  });
});
