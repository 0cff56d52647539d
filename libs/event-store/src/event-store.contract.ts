import { randomUUID } from 'node:crypto';
import type {
  AllHandler,
  AllSubscription,
  EventStore,
  NewEvent,
  RecordedEvent,
  SubscribeToAllOptions,
} from './event-store';
import { WrongExpectedRevisionError } from './event-store';
import type { Position } from './position';
import { comparePositions, positionOf } from './position';

export interface EventStoreContractOptions {
  /**
   * Every `open()` returns an empty store that nobody else writes to, so the suite may also check
   * `$all` exactly (an empty store's head, nothing between two of its own events). Leave it off
   * against a shared server: the suite then only looks at the streams it wrote.
   */
  isolated?: boolean;
  /** The store skips events outside a subscription's `eventTypes` (rather than delivering them anyway). */
  filtersEventTypes?: boolean;
  /** How long to wait for an event to arrive through a subscription (default 5000 ms). */
  liveTimeoutMs?: number;
}

const ISO_MILLIS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function streamId(): string {
  return `contract-${randomUUID()}`;
}

function events(count: number, from = 0, type = 'Tested'): NewEvent[] {
  return Array.from({ length: count }, (_, i) => ({ type, data: { n: from + i } }));
}

const numbers = (recorded: readonly RecordedEvent[]): unknown[] =>
  recorded.map((e) => (e.data as { n: number }).n);

function expectIncreasing(recorded: readonly RecordedEvent[]): void {
  for (let i = 1; i < recorded.length; i++)
    expect(comparePositions(recorded[i - 1].position, recorded[i].position)).toBe(-1);
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

async function expectWrongRevision(
  promise: Promise<unknown>,
  expected: WrongExpectedRevisionError['expected'],
  actual: number,
): Promise<void> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(WrongExpectedRevisionError);
  expect(error).toMatchObject({ expected, actual });
}

/**
 * The behaviour every EventStore adapter must share. Call it from an adapter's `*.int.spec.ts`
 * with a function that opens a store; the suite closes every store it opens.
 */
export function eventStoreContract(
  name: string,
  open: () => Promise<EventStore>,
  options: EventStoreContractOptions = {},
): void {
  const liveTimeoutMs = options.liveTimeoutMs ?? 5000;

  async function waitUntil(check: () => boolean, what: string): Promise<void> {
    const deadline = Date.now() + liveTimeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await sleep(5);
    }
  }

  describe(`${name} (EventStore contract)`, () => {
    let store: EventStore;
    const subscriptions: AllSubscription[] = [];

    beforeEach(async () => {
      store = await open();
    });

    afterEach(async () => {
      await Promise.all(subscriptions.splice(0).map((s) => s.stop()));
      await store.close();
    });

    /** Subscribes and records the events of the given streams (everything else in `$all` is ignored). */
    function follow(
      streams: readonly string[],
      subscribeOptions: SubscribeToAllOptions,
      onEvents?: AllHandler,
    ) {
      const mine = new Set(streams);
      const seen: RecordedEvent[] = [];
      const batches: number[] = [];
      let last: Position | undefined;
      const subscription = store.subscribeToAll(subscribeOptions, async (batch, upTo) => {
        if (batch.length > 0) batches.push(batch.length);
        await onEvents?.(batch, upTo);
        for (const event of batch) if (mine.has(event.streamId)) seen.push(event);
        last = upTo;
      });
      subscriptions.push(subscription);
      return {
        subscription,
        seen,
        batches,
        lastPosition: () => last,
        until: (count: number) =>
          waitUntil(() => seen.length >= count, `${count} events (saw ${seen.length})`),
      };
    }

    /** Where a test's subscription starts: after everything already in a shared store. */
    async function now(): Promise<Position | undefined> {
      return (await store.headPosition()) ?? undefined;
    }

    describe('appending and reading a stream', () => {
      it('round-trips data and metadata, assigning ids, revisions, positions and createdAt', async () => {
        const stream = streamId();
        const id = randomUUID();
        const data = {
          amount: '123456789012345678901234567890',
          nested: { list: [1, 'two', { three: null }], flag: true, text: 'ünïcødé "quoted"' },
        };
        const metadata = {
          userId: 'u-1',
          correlationId: randomUUID(),
          schemaVersion: 2,
          extra: { a: [1, 2] },
        };
        const start = await now();
        const before = Date.now();
        const result = await store.appendToStream(
          stream,
          [
            { id, type: 'First', data, metadata },
            { type: 'Second', data: { n: 1 } },
          ],
          { expectedRevision: 'no_stream' },
        );
        const after = Date.now();

        expect(result.nextExpectedRevision).toBe(1);
        const read = await store.readStream(stream);
        expect(read).toHaveLength(2);
        expect(read[0]).toMatchObject({ id, streamId: stream, revision: 0, type: 'First', data, metadata });
        expect(read[1]).toMatchObject({
          streamId: stream,
          revision: 1,
          type: 'Second',
          data: { n: 1 },
          metadata: {},
        });
        expect(read[1].id).toMatch(UUID);
        expect(read[1].id).not.toBe(id);
        expect(read[1].position).toEqual(result.position);
        expectIncreasing(read);
        for (const event of read) {
          expect(event.createdAt).toMatch(ISO_MILLIS);
          const created = Date.parse(event.createdAt);
          // Server clocks (EventStoreDB) may differ a little from ours.
          expect(created).toBeGreaterThanOrEqual(before - 2000);
          expect(created).toBeLessThanOrEqual(after + 2000);
        }

        const all = (await store.readAll({ after: start, maxCount: 100_000 })).filter(
          (e) => e.streamId === stream,
        );
        expect(all).toEqual(read);
      });

      it('gives [] for a stream that does not exist', async () => {
        expect(await store.readStream(streamId())).toEqual([]);
        expect(await store.readStream(streamId(), { fromRevision: 3 })).toEqual([]);
      });

      it('reads from a revision', async () => {
        const stream = streamId();
        await store.appendToStream(stream, events(5), { expectedRevision: 'no_stream' });
        expect(numbers(await store.readStream(stream, { fromRevision: 0 }))).toEqual([0, 1, 2, 3, 4]);
        const tail = await store.readStream(stream, { fromRevision: 3 });
        expect(tail.map((e) => e.revision)).toEqual([3, 4]);
        expect(numbers(tail)).toEqual([3, 4]);
        expect(await store.readStream(stream, { fromRevision: 5 })).toEqual([]);
      });

      it('gives consecutive revisions and increasing positions across appends', async () => {
        const stream = streamId();
        const first = await store.appendToStream(stream, events(3), { expectedRevision: 'no_stream' });
        const second = await store.appendToStream(stream, events(2, 3), { expectedRevision: 2 });
        expect(first.nextExpectedRevision).toBe(2);
        expect(second.nextExpectedRevision).toBe(4);
        expect(comparePositions(first.position, second.position)).toBe(-1);
        const read = await store.readStream(stream);
        expect(read.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);
        expect(numbers(read)).toEqual([0, 1, 2, 3, 4]);
        expect(read[2].position).toEqual(first.position);
        expect(read[4].position).toEqual(second.position);
        expectIncreasing(read);
      });
    });

    describe('expected revision', () => {
      it('no_stream creates a stream and conflicts once it exists', async () => {
        const stream = streamId();
        await store.appendToStream(stream, events(2), { expectedRevision: 'no_stream' });
        await expectWrongRevision(
          store.appendToStream(stream, events(1), { expectedRevision: 'no_stream' }),
          'no_stream',
          1,
        );
        const error = await rejection(
          store.appendToStream(stream, events(1), { expectedRevision: 'no_stream' }),
        );
        expect((error as WrongExpectedRevisionError).streamId).toBe(stream);
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it('stream_exists refuses a missing stream and accepts an existing one', async () => {
        const stream = streamId();
        await expectWrongRevision(
          store.appendToStream(stream, events(1), { expectedRevision: 'stream_exists' }),
          'stream_exists',
          -1,
        );
        expect(await store.readStream(stream)).toEqual([]);
        await store.appendToStream(stream, events(1), { expectedRevision: 'no_stream' });
        const result = await store.appendToStream(stream, events(1, 1), {
          expectedRevision: 'stream_exists',
        });
        expect(result.nextExpectedRevision).toBe(1);
      });

      it('a number must equal the last revision', async () => {
        const stream = streamId();
        await expectWrongRevision(store.appendToStream(stream, events(1), { expectedRevision: 0 }), 0, -1);
        await store.appendToStream(stream, events(3), { expectedRevision: -1 });
        await expectWrongRevision(store.appendToStream(stream, events(1), { expectedRevision: 1 }), 1, 2);
        await expectWrongRevision(store.appendToStream(stream, events(1), { expectedRevision: 7 }), 7, 2);
        await expectWrongRevision(store.appendToStream(stream, events(1), { expectedRevision: -1 }), -1, 2);
        const result = await store.appendToStream(stream, events(1, 3), { expectedRevision: 2 });
        expect(result.nextExpectedRevision).toBe(3);
        expect(numbers(await store.readStream(stream))).toEqual([0, 1, 2, 3]);
      });

      it('any appends whatever the stream looks like', async () => {
        const stream = streamId();
        expect(
          (await store.appendToStream(stream, events(1), { expectedRevision: 'any' })).nextExpectedRevision,
        ).toBe(0);
        expect(
          (await store.appendToStream(stream, events(2), { expectedRevision: 'any' })).nextExpectedRevision,
        ).toBe(2);
      });

      it('lets exactly one of two writers that read the same revision win', async () => {
        const stream = streamId();
        await store.appendToStream(stream, events(2), { expectedRevision: 'no_stream' });
        const [readByA, readByB] = await Promise.all([store.readStream(stream), store.readStream(stream)]);
        const revisionA = readByA[readByA.length - 1].revision;
        const revisionB = readByB[readByB.length - 1].revision;
        const outcomes = await Promise.allSettled([
          store.appendToStream(
            stream,
            [
              { type: 'ByA', data: {} },
              { type: 'ByA', data: {} },
            ],
            {
              expectedRevision: revisionA,
            },
          ),
          store.appendToStream(stream, [{ type: 'ByB', data: {} }], { expectedRevision: revisionB }),
        ]);
        const won = outcomes.filter((o) => o.status === 'fulfilled');
        const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(1);
        const winner = outcomes[0].status === 'fulfilled' ? 'ByA' : 'ByB';
        const winnerRevision = winner === 'ByA' ? 3 : 2;
        expect(lost[0].reason).toBeInstanceOf(WrongExpectedRevisionError);
        expect(lost[0].reason).toMatchObject({ streamId: stream, expected: 1, actual: winnerRevision });
        const types = (await store.readStream(stream)).map((e) => e.type);
        expect(types).toEqual(['Tested', 'Tested', ...(winner === 'ByA' ? ['ByA', 'ByA'] : ['ByB'])]);
      });

      it('appending no events checks the revision and reports the stream as it is', async () => {
        const stream = streamId();
        expect(await store.appendToStream(stream, [], { expectedRevision: 'no_stream' })).toEqual({
          nextExpectedRevision: -1,
          position: positionOf(0),
        });
        await expectWrongRevision(
          store.appendToStream(stream, [], { expectedRevision: 'stream_exists' }),
          'stream_exists',
          -1,
        );
        expect(await store.readStream(stream)).toEqual([]);

        const appended = await store.appendToStream(stream, events(2), { expectedRevision: 'no_stream' });
        expect(await store.appendToStream(stream, [], { expectedRevision: 1 })).toEqual(appended);
        expect(await store.appendToStream(stream, [], { expectedRevision: 'any' })).toEqual(appended);
        await expectWrongRevision(store.appendToStream(stream, [], { expectedRevision: 0 }), 0, 1);
        expect(await store.readStream(stream)).toHaveLength(2);
      });
    });

    describe('$all', () => {
      it('orders events of all streams by strictly increasing position', async () => {
        const start = await now();
        const [a, b] = [streamId(), streamId()];
        await store.appendToStream(a, events(2, 0), { expectedRevision: 'no_stream' });
        await store.appendToStream(b, events(1, 2), { expectedRevision: 'no_stream' });
        await store.appendToStream(a, events(2, 3), { expectedRevision: 1 });
        const all = await store.readAll({ after: start, maxCount: 100_000 });
        expectIncreasing(all);
        const mine = all.filter((e) => e.streamId === a || e.streamId === b);
        expect(numbers(mine)).toEqual([0, 1, 2, 3, 4]);
        expect(mine.map((e) => e.streamId)).toEqual([a, a, b, a, a]);
        if (options.isolated) {
          expect(all).toEqual(mine);
          expect(await store.readAll()).toEqual(all);
        }
      });

      it('reads strictly after a position, at most maxCount events', async () => {
        const stream = streamId();
        const start = await now();
        await store.appendToStream(stream, events(5), { expectedRevision: 'no_stream' });
        const mine = (await store.readAll({ after: start, maxCount: 100_000 })).filter(
          (e) => e.streamId === stream,
        );
        expect(mine).toHaveLength(5);

        const afterSecond = await store.readAll({ after: mine[1].position, maxCount: 2 });
        expect(afterSecond).toHaveLength(2);
        expect(comparePositions(afterSecond[0].position, mine[1].position)).toBe(1);
        expectIncreasing(afterSecond);
        if (options.isolated) expect(afterSecond).toEqual(mine.slice(2, 4));
        else expect(afterSecond.filter((e) => e.streamId === stream)[0]).toEqual(mine[2]);

        expect(await store.readAll({ after: mine[4].position, maxCount: 100_000 })).not.toContainEqual(
          mine[4],
        );
        const tail = (await store.readAll({ after: mine[3].position, maxCount: 100_000 })).filter(
          (e) => e.streamId === stream,
        );
        expect(tail).toEqual([mine[4]]);
      });

      it('reads at most 1000 events when maxCount is not given', async () => {
        const start = await now();
        const stream = streamId();
        await store.appendToStream(stream, events(1001), { expectedRevision: 'no_stream' });
        const page = await store.readAll({ after: start });
        expect(page.length).toBeLessThanOrEqual(1000);
        if (options.isolated) expect(page).toHaveLength(1000);
      });

      it('reports the head position', async () => {
        if (options.isolated) expect(await store.headPosition()).toBeNull();
        const stream = streamId();
        const first = await store.appendToStream(stream, events(1), { expectedRevision: 'no_stream' });
        const second = await store.appendToStream(stream, events(2, 1), { expectedRevision: 0 });
        const head = await store.headPosition();
        expect(head).not.toBeNull();
        expect(comparePositions(head!, second.position)).toBeGreaterThanOrEqual(0);
        expect(comparePositions(head!, first.position)).toBe(1);
        if (options.isolated) expect(head).toEqual(second.position);
        expect(await store.readAll({ after: head!, maxCount: 100_000 })).not.toContainEqual(
          expect.objectContaining({ streamId: stream }),
        );
      });

      it('counts events by type', async () => {
        const suffix = randomUUID().replace(/-/g, '');
        const [typeA, typeB] = [`CountedA${suffix}`, `CountedB${suffix}`];
        const before = await store.countByType();
        expect(before[typeA]).toBeUndefined();
        await store.appendToStream(streamId(), events(3, 0, typeA), { expectedRevision: 'no_stream' });
        await store.appendToStream(streamId(), [...events(1, 0, typeB), ...events(1, 1, typeA)], {
          expectedRevision: 'no_stream',
        });
        const counts = await store.countByType();
        expect(counts[typeA]).toBe(4);
        expect(counts[typeB]).toBe(1);
        if (options.isolated) expect(counts).toEqual({ [typeA]: 4, [typeB]: 1 });
      });
    });

    describe('subscribeToAll', () => {
      it('catches up, then delivers live events, each once and in order', async () => {
        const stream = streamId();
        const start = await now();
        await store.appendToStream(stream, events(3), { expectedRevision: 'no_stream' });
        const sentinel = streamId();
        const followed = follow([stream, sentinel], { after: start, batchSize: 2 });
        await followed.until(3);
        await store.appendToStream(stream, events(2, 3), { expectedRevision: 2 });
        await store.appendToStream(stream, events(1, 5), { expectedRevision: 4 });
        await followed.until(6);
        // Once the sentinel, appended last, has arrived, a duplicate delivered before it would have too.
        await store.appendToStream(sentinel, events(1, 6), { expectedRevision: 'no_stream' });
        await followed.until(7);
        await sleep(20);
        expect(numbers(followed.seen)).toEqual([0, 1, 2, 3, 4, 5, 6]);
        expect(followed.seen.slice(0, 6)).toEqual(await store.readStream(stream));
        expect(Math.max(...followed.batches)).toBeLessThanOrEqual(2);
      });

      it('delivers everything from the start when no position is given', async () => {
        const stream = streamId();
        await store.appendToStream(stream, events(4), { expectedRevision: 'no_stream' });
        const followed = follow([stream], {});
        await followed.until(4);
        expect(numbers(followed.seen)).toEqual([0, 1, 2, 3]);
        if (options.isolated) expect(followed.batches.reduce((sum, n) => sum + n, 0)).toBe(4);
      });

      it('with eventTypes, delivers every event of those types and reports progress past the others', async () => {
        const stream = streamId();
        const start = await now();
        await store.appendToStream(stream, [...events(2, 0, 'Wanted'), ...events(3, 2, 'Other')], {
          expectedRevision: 'no_stream',
        });
        const followed = follow([stream], { after: start, batchSize: 2, eventTypes: ['Wanted'] });
        await followed.until(2);
        const head = await store.headPosition();
        await waitUntil(
          () =>
            followed.lastPosition() !== undefined && comparePositions(followed.lastPosition()!, head!) >= 0,
          'progress up to the head, past the events of other types',
        );
        await store.appendToStream(stream, events(1, 5, 'Wanted'), { expectedRevision: 4 });
        await followed.until(3);
        const wanted = followed.seen.filter((e) => e.type === 'Wanted');
        expect(numbers(wanted)).toEqual([0, 1, 5]);
        // A store may filter (SQLite does) or deliver the rest for the subscriber to ignore.
        if (options.filtersEventTypes) expect(followed.seen.every((e) => e.type === 'Wanted')).toBe(true);
      });

      it('awaits the handler before the next batch', async () => {
        const stream = streamId();
        const start = await now();
        await store.appendToStream(stream, events(3), { expectedRevision: 'no_stream' });
        let running = 0;
        let overlapped = false;
        const followed = follow([stream], { after: start, batchSize: 1 }, async () => {
          running++;
          if (running > 1) overlapped = true;
          await sleep(10);
          running--;
        });
        for (let n = 3; n < 8; n++) {
          await store.appendToStream(stream, events(1, n), { expectedRevision: n - 1 });
          await sleep(3);
        }
        await followed.until(8);
        expect(overlapped).toBe(false);
        expect(numbers(followed.seen)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      });

      it('resumes from a checkpoint with no gap and no duplicate', async () => {
        const stream = streamId();
        const start = await now();
        await store.appendToStream(stream, events(6), { expectedRevision: 'no_stream' });
        const first = follow([stream], { after: start, batchSize: 2 });
        await first.until(3);
        await first.subscription.stop();
        await first.subscription.done;
        const checkpoint = first.lastPosition();
        expect(checkpoint).toBeDefined();
        const delivered = first.seen.length;

        await store.appendToStream(stream, events(3, 6), { expectedRevision: 5 });
        await sleep(20);
        expect(first.seen).toHaveLength(delivered);

        const second = follow([stream], { after: checkpoint, batchSize: 2 });
        await second.until(9 - delivered);
        await store.appendToStream(stream, events(1, 9), { expectedRevision: 8 });
        await second.until(10 - delivered);
        await sleep(20);
        expect(numbers([...first.seen, ...second.seen])).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      });

      it('stop() waits for the running handler, then nothing more is delivered', async () => {
        const stream = streamId();
        const start = await now();
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        let handlerStarted = false;
        let handlerFinished = false;
        const followed = follow([stream], { after: start }, async (batch) => {
          if (batch.some((e) => e.streamId === stream)) {
            handlerStarted = true;
            await released;
            handlerFinished = true;
          }
        });
        await store.appendToStream(stream, events(1), { expectedRevision: 'no_stream' });
        await waitUntil(() => handlerStarted, 'the handler to start');

        let stopped = false;
        const stopping = followed.subscription.stop().then(() => (stopped = true));
        await sleep(20);
        expect(stopped).toBe(false);
        release();
        await stopping;
        expect(handlerFinished).toBe(true);
        await followed.subscription.done;

        const calls = followed.batches.length;
        await store.appendToStream(stream, events(2, 1), { expectedRevision: 0 });
        await sleep(100);
        expect(followed.batches).toHaveLength(calls);
        expect(numbers(followed.seen)).toEqual([0]);
      });

      it('a handler error rejects done and ends the subscription', async () => {
        const stream = streamId();
        const start = await now();
        const failure = new Error('projection failed');
        let calls = 0;
        const subscription = store.subscribeToAll({ after: start }, (batch) => {
          if (!batch.some((e) => e.streamId === stream)) return;
          calls++;
          throw failure;
        });
        subscriptions.push(subscription);
        await store.appendToStream(stream, events(1), { expectedRevision: 'no_stream' });
        await expect(subscription.done).rejects.toBe(failure);
        await store.appendToStream(stream, events(1, 1), { expectedRevision: 0 });
        await sleep(100);
        expect(calls).toBe(1);
        await subscription.stop();
      });
    });
  });
}
