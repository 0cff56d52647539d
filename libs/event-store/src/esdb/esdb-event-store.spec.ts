import type { EventStoreDBClient } from '@eventstore/db-client';
import { StreamNotFoundError, WrongExpectedVersionError } from '@eventstore/db-client';
import { PassThrough, Readable } from 'node:stream';
import { eventStoreContract } from '../event-store.contract';
import type { Position } from '../position';
import { comparePositions } from '../position';
import { EsdbEventStore } from './esdb-event-store';

interface FakeRecord {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  created: Date;
  data: unknown;
  metadata: unknown;
  isJson: true;
  position: Position;
}

type FakeSubscription = PassThrough & { unsubscribe(): Promise<void> };

/**
 * Imitates the parts of the v6 client the adapter uses, as far as its documentation and source
 * describe them: `$all` reads include `fromPosition`, subscriptions start after it, appends
 * check the expected revision and report positions with distinct commit and prepare parts, a
 * missing stream fails the read with StreamNotFoundError, and the server writes system events
 * of its own. It checks the adapter's logic; only a real server checks the adapter.
 */
class FakeClient {
  private readonly log: FakeRecord[] = [];
  private readonly live = new Set<{ stream: FakeSubscription; after: Position | null }>();
  private commit = 1000n;

  constructor() {
    this.record('$settings', '$metadata', {});
  }

  async appendToStream(
    streamName: string,
    events: { id: string; type: string; data: unknown; metadata: unknown }[],
    options: { expectedRevision: 'any' | 'no_stream' | 'stream_exists' | bigint },
  ) {
    await Promise.resolve();
    const existing = this.log.filter((r) => r.streamId === streamName);
    const current = existing.length === 0 ? ('no_stream' as const) : existing[existing.length - 1].revision;
    const expected = options.expectedRevision;
    const ok =
      expected === 'any' ||
      (expected === 'no_stream' && current === 'no_stream') ||
      (expected === 'stream_exists' && current !== 'no_stream') ||
      expected === current;
    if (!ok) throw new WrongExpectedVersionError(undefined, { streamName, expected, current });
    // The client serializes before sending: a value JSON cannot hold fails the append.
    const serialized = events.map((e) => ({ ...e, data: JSON.parse(JSON.stringify(e.data)) as unknown }));
    let last: FakeRecord | undefined;
    for (const event of serialized)
      last = this.record(streamName, event.type, event.data, event.metadata, event.id);
    // The server's own bookkeeping lands in $all between application events.
    this.record(`$$${streamName}`, '$metadata', {});
    return { success: true, nextExpectedRevision: last!.revision, position: last!.position };
  }

  readStream(
    streamName: string,
    options: {
      fromRevision?: 'start' | 'end' | bigint;
      direction?: 'forwards' | 'backwards';
      maxCount?: number;
    } = {},
  ): Readable {
    const records = this.log.filter((r) => r.streamId === streamName);
    if (records.length === 0) return this.failing(new StreamNotFoundError(undefined, streamName));
    let selected: FakeRecord[];
    if (options.direction === 'backwards') {
      const from = options.fromRevision;
      selected = records
        .filter((r) => from === 'end' || from === undefined || r.revision <= (from as bigint))
        .reverse();
    } else {
      const from = options.fromRevision;
      selected = records.filter(
        (r) => from === 'start' || from === undefined || r.revision >= (from as bigint),
      );
    }
    return this.reading(selected.slice(0, options.maxCount ?? Number.MAX_SAFE_INTEGER));
  }

  readAll(
    options: {
      fromPosition?: 'start' | 'end' | Position;
      direction?: 'forwards' | 'backwards';
      maxCount?: number;
    } = {},
  ): Readable {
    const from = options.fromPosition ?? 'start';
    let selected: FakeRecord[];
    if (options.direction === 'backwards') {
      selected = this.log
        .filter((r) => from === 'end' || from === 'start' || comparePositions(r.position, from) <= 0)
        .reverse();
    } else {
      selected = this.log.filter(
        (r) => from === 'start' || (from !== 'end' && comparePositions(r.position, from) >= 0),
      );
    }
    return this.reading(selected.slice(0, options.maxCount ?? Number.MAX_SAFE_INTEGER));
  }

  subscribeToAll(options: { fromPosition?: 'start' | Position; filter?: unknown }): FakeSubscription {
    const stream = new PassThrough({ objectMode: true, highWaterMark: 4 }) as FakeSubscription;
    const after =
      options.fromPosition === undefined || options.fromPosition === 'start' ? null : options.fromPosition;
    const entry = { stream, after };
    stream.unsubscribe = () =>
      new Promise<void>((resolve) =>
        setImmediate(() => {
          this.live.delete(entry);
          stream.end();
          resolve();
        }),
      );
    // Catch-up arrives asynchronously, as from the network.
    setImmediate(() => {
      for (const record of this.log) this.deliver(entry, record);
      this.live.add(entry);
    });
    return stream;
  }

  /** The server's own writes, e.g. statistics. */
  writeSystemEvents(count: number): void {
    for (let i = 0; i < count; i++) this.record('$stats-127.0.0.1:2113', '$statsCollected', {});
  }

  async dispose(): Promise<void> {
    for (const entry of this.live) entry.stream.end();
    this.live.clear();
  }

  private deliver(entry: { stream: FakeSubscription; after: Position | null }, record: FakeRecord): void {
    if (record.type.startsWith('$')) return; // excludeSystemEvents()
    if (entry.after !== null && comparePositions(record.position, entry.after) <= 0) return;
    entry.stream.write({ event: { ...record, revision: record.revision } });
  }

  private record(streamId: string, type: string, data: unknown, metadata?: unknown, id?: string): FakeRecord {
    const revision = BigInt(this.log.filter((r) => r.streamId === streamId).length);
    this.commit += 137n;
    const record: FakeRecord = {
      streamId,
      id: id ?? crypto.randomUUID(),
      revision,
      type,
      created: new Date(),
      data,
      metadata: metadata === undefined ? undefined : (JSON.parse(JSON.stringify(metadata)) as unknown),
      isJson: true,
      position: { commit: this.commit, prepare: this.commit - 7n },
    };
    this.log.push(record);
    for (const entry of this.live) this.deliver(entry, record);
    return record;
  }

  private reading(records: FakeRecord[]): Readable {
    return Readable.from(records.map((event) => ({ event })));
  }

  private failing(error: Error): Readable {
    const stream = new Readable({ objectMode: true, read() {} });
    setImmediate(() => stream.destroy(error));
    return stream;
  }
}

eventStoreContract(
  'EsdbEventStore on an imitation of the client',
  async () => new EsdbEventStore(new FakeClient() as unknown as EventStoreDBClient),
  { isolated: true },
);

describe('EsdbEventStore on an imitation of the client', () => {
  it('keeps system events out of readAll, headPosition and countByType', async () => {
    const store = new EsdbEventStore(new FakeClient() as unknown as EventStoreDBClient);
    const first = await store.appendToStream('a', [{ type: 'Opened', data: {} }], {
      expectedRevision: 'no_stream',
    });
    const second = await store.appendToStream('b', [{ type: 'Opened', data: {} }], {
      expectedRevision: 'no_stream',
    });
    expect((await store.readAll()).map((e) => e.position)).toEqual([first.position, second.position]);
    expect(await store.readAll({ after: first.position, maxCount: 1 })).toHaveLength(1);
    expect(await store.headPosition()).toEqual(second.position);
    expect(await store.countByType()).toEqual({ Opened: 2 });
    await store.close();
  });

  it('finds the head behind many system events and pages readAll past them', async () => {
    const client = new FakeClient();
    const store = new EsdbEventStore(client as unknown as EventStoreDBClient);
    expect(await store.headPosition()).toBeNull();
    client.writeSystemEvents(250);
    expect(await store.headPosition()).toBeNull();
    const first = await store.appendToStream('a', [{ type: 'Opened', data: {} }], {
      expectedRevision: 'no_stream',
    });
    client.writeSystemEvents(250);
    const second = await store.appendToStream('a', [{ type: 'Closed', data: {} }], { expectedRevision: 0 });
    client.writeSystemEvents(250);
    expect(await store.headPosition()).toEqual(second.position);
    expect((await store.readAll({ maxCount: 2 })).map((e) => e.type)).toEqual(['Opened', 'Closed']);
    expect((await store.readAll({ after: first.position, maxCount: 5 })).map((e) => e.type)).toEqual([
      'Closed',
    ]);
    await store.close();
  });
});
