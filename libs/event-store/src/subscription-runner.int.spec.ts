import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatPosition, type Position } from './position';
import type { RecordedEvent } from './event-store';
import { SqliteEventStore } from './sqlite/sqlite-event-store';
import { type CheckpointStore, type Consumer, SubscriptionRunner } from './subscription-runner';

class MapCheckpoints implements CheckpointStore {
  readonly saved = new Map<string, string>();
  async get(name: string): Promise<string | null> {
    return this.saved.get(name) ?? null;
  }
  async put(name: string, position: string): Promise<void> {
    this.saved.set(name, position);
  }
}

/** A consumer that starts work per event and finishes it when the test says (finishedThrough/drain). */
class DeferredConsumer implements Consumer {
  readonly name = 'deferred';
  readonly canHandle = ['Job'];
  readonly seen: string[] = [];
  private readonly open = new Map<string, () => void>();
  private readonly running: Promise<void>[] = [];
  /** Positions handed over, and whether each is finished. */
  private readonly jobs: { position: Position; done: boolean }[] = [];
  /** Set by a test: work of this consumer failed. */
  failed: unknown = null;

  failure(): unknown {
    return this.failed;
  }

  async handle(events: readonly RecordedEvent[]): Promise<void> {
    for (const event of events) {
      const job = { position: event.position, done: false };
      const id = (event.data as { id: string }).id;
      this.seen.push(id);
      this.jobs.push(job);
      this.running.push(
        new Promise<void>((resolve) => this.open.set(id, resolve)).then(() => {
          job.done = true;
        }),
      );
    }
  }

  finish(id: string): Promise<void> {
    this.open.get(id)!();
    return new Promise((resolve) => setImmediate(resolve));
  }

  finishedThrough(delivered: Position): Position | undefined {
    const firstOpen = this.jobs.findIndex((j) => !j.done);
    if (firstOpen === -1) return delivered;
    return firstOpen === 0 ? undefined : this.jobs[firstOpen - 1].position;
  }

  async drain(): Promise<void> {
    for (const id of this.open.keys()) this.open.get(id)!();
    await Promise.all(this.running);
  }
}

describe('SubscriptionRunner with a consumer whose work outlives handle', () => {
  let dir: string;
  let store: SqliteEventStore;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'vetted-subscription-runner-'));
    store = new SqliteEventStore({ file: path.join(dir, 'events.sqlite') });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const job = (id: string) =>
    store.appendToStream(`job-${id}`, [{ type: 'Job', data: { id } }], { expectedRevision: 'no_stream' });

  it('checkpoints only as far as the work is finished, so a restart redelivers the unfinished', async () => {
    const checkpoints = new MapCheckpoints();
    const first = new DeferredConsumer();
    const runner = new SubscriptionRunner(store, checkpoints, [first]);
    await runner.start();
    const a = await job('a');
    await job('b');
    await job('c');
    while (first.seen.length < 3) await new Promise((resolve) => setTimeout(resolve, 5));
    // Nothing is finished: no checkpoint at all.
    expect(checkpoints.saved.get('deferred')).toBeUndefined();
    await first.finish('a');
    const d = await job('d');
    while (first.seen.length < 4) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(checkpoints.saved.get('deferred')).toBe(formatPosition(a.position));

    // A crash now (no stop): a new runner redelivers b, c and d, not a.
    const second = new DeferredConsumer();
    const again = new SubscriptionRunner(store, checkpoints, [second]);
    await again.start();
    expect(second.seen).toEqual(['b', 'c', 'd']);
    // A clean stop waits for the work and checkpoints past all of it.
    await again.stop();
    expect(checkpoints.saved.get('deferred')).toBe(formatPosition(d.position));
    const third = new DeferredConsumer();
    const last = new SubscriptionRunner(store, checkpoints, [third]);
    await last.start();
    expect(third.seen).toEqual([]);
    await last.stop();
    await runner.stop();
  });

  it('reports a failure of work that outlived handle at once, before any further delivery', async () => {
    const consumer = new DeferredConsumer();
    const runner = new SubscriptionRunner(store, new MapCheckpoints(), [consumer]);
    await runner.start();
    expect(runner.stoppedBy()).toBeNull();
    consumer.failed = new Error('sandbox file taken');
    expect(runner.stoppedBy()).toBe(consumer.failed);
    expect(runner.failure).toBeNull();
    await runner.stop();
  });
});
