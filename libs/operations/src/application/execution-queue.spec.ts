import { positionOf } from '@vetted/event-store';
import { ExecutionQueue } from './execution-queue';

/** A work item the test finishes (or fails) when it wants; `started` tells whether it began. */
function gate() {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const item = {
    started: false,
    work: () => {
      item.started = true;
      return done;
    },
    finish: async () => {
      finish();
      await flush();
    },
    fail: async (error: Error) => {
      fail(error);
      await flush();
    },
  };
  return item;
}
const flush = () => new Promise((resolve) => setImmediate(resolve));
const at = (n: number) => positionOf(BigInt(n));

describe('ExecutionQueue', () => {
  it("runs one wallet's work in order and other wallets' at once", async () => {
    const queue = new ExecutionQueue();
    const [a1, a2, b1] = [gate(), gate(), gate()];
    queue.add(at(1), 1, a1.work);
    queue.add(at(2), 1, a2.work);
    queue.add(at(3), 2, b1.work);
    await flush();
    expect([a1.started, a2.started, b1.started]).toEqual([true, false, true]);
    await a1.finish();
    expect(a2.started).toBe(true);
    await a2.finish();
    await b1.finish();
    await queue.drain();
  });

  it('frees the wallet once the work returns, and checkpoints past what it holds only when that ends for good', async () => {
    const queue = new ExecutionQueue();
    let end!: (finished: boolean) => void;
    const until = new Promise<boolean>((resolve) => (end = resolve));
    const next = gate();
    queue.add(at(1), 1, async () => ({ until }));
    queue.add(at(2), 1, next.work);
    await flush();
    expect(next.started).toBe(true);
    await next.finish();
    expect(queue.finishedThrough(at(2))).toBeUndefined();
    await queue.drain();
    end(true);
    await flush();
    expect(queue.finishedThrough(at(2))).toEqual(at(2));

    // Abandoned (the process stops): the approval stays unfinished, so a restart delivers it again.
    const stopped = new ExecutionQueue();
    stopped.add(at(5), 1, async () => ({ until: Promise.resolve(false) }));
    await flush();
    expect(stopped.finishedThrough(at(5))).toBeUndefined();
  });

  it('checkpoints at the last approval finished with all before it', async () => {
    const queue = new ExecutionQueue();
    expect(queue.finishedThrough(at(9))).toEqual(at(9));
    const [slow, quick, later] = [gate(), gate(), gate()];
    queue.add(at(1), 1, slow.work);
    queue.add(at(2), 2, quick.work);
    queue.add(at(3), 3, later.work);
    await quick.finish();
    expect(queue.finishedThrough(at(3))).toBeUndefined();
    await slow.finish();
    expect(queue.finishedThrough(at(3))).toEqual(at(2));
    await later.finish();
    expect(queue.finishedThrough(at(4))).toEqual(at(4));
    // Once it empties, what it finished before counts for nothing: new work starts afresh.
    const next = gate();
    queue.add(at(5), 1, next.work);
    expect(queue.finishedThrough(at(5))).toBeUndefined();
    await next.finish();
  });

  it('keeps the checkpoint before a failure, starts nothing after it, and rethrows it', async () => {
    const queue = new ExecutionQueue();
    const [failing, queued] = [gate(), gate()];
    queue.add(at(1), 1, failing.work);
    queue.add(at(2), 1, queued.work);
    expect(queue.failed).toBeNull();
    await failing.fail(new Error('store down'));
    expect(queued.started).toBe(false);
    // Known at once (readiness), and rethrown at the next delivery.
    expect(String(queue.failed)).toBe('Error: store down');
    expect(() => queue.check()).toThrow('store down');
    await queue.drain();
    expect(queue.finishedThrough(at(2))).toBeUndefined();
  });

  it('holds the checkpoint before an approval left for another run', async () => {
    const queue = new ExecutionQueue();
    queue.leave(at(1));
    await queue.drain();
    expect(queue.finishedThrough(at(1))).toBeUndefined();
  });
});
