import { Worker } from 'node:worker_threads';

export interface WalCheckpointerOptions {
  /** The SQLite driver's module path (`require.resolve('better-sqlite3')`), loaded by the worker. */
  driver: string;
  /** How often the worker checkpoints. */
  everyMs: number;
  /**
   * Runs on the owning thread after each worker checkpoint that found frames to copy (and the
   * database file synced): a checkpoint on the owning connection (`PRAGMA wal_checkpoint(PASSIVE)`)
   * copies the frames committed meanwhile, which no commit can overtake, so the next commit
   * restarts the WAL. Without it, under a steady write load the WAL is never wholly copied.
   */
  catchUp?: () => void;
}

/**
 * The owning connection's own `wal_autocheckpoint` (pages) beside a checkpointer: a fallback that
 * rarely runs, and a long WAL writes a page dirtied by many commits once, not every 1,000 pages
 * (SQLite's default). The event store and the sandbox both set it.
 */
export const WAL_AUTOCHECKPOINT_PAGES = 10_000;

/** The `catchUp` of an owning better-sqlite3 connection: a PASSIVE checkpoint on it. */
export function passiveCheckpointOn(db: { pragma(source: string): unknown }): () => void {
  return () => db.pragma('wal_checkpoint(PASSIVE)');
}

/**
 * The worker's scheduling priority (nice). On two cores shared by the event loop, the load
 * generator and this thread, its page copies preempted the loop: six alternating pairs of 8 s
 * lifecycle runs gave a create p99 median of 8.35 ms at nice 10 against 9.5 ms at 0 (lower in five).
 */
const WORKER_NICENESS = 10;

/**
 * The worker's program: CommonJS run with `eval`, so it needs no file of its own in `dist` and no
 * TypeScript loader under Jest. Its own connection runs PASSIVE checkpoints, which neither wait for
 * nor block the readers and the writer of other connections. A failed one is tried again next time.
 */
const PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const { fdatasyncSync, openSync, closeSync, readlinkSync } = require('node:fs');
// Nothing waits for this thread's copies: it yields the CPU to the event loop (Linux: this thread only).
try { require('node:os').setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), ${WORKER_NICENESS}); } catch {}
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const file = openSync(workerData.file, 'r');
let last = '';
const timer = setInterval(() => {
  try {
    const first = checkpoint.get();
    if (first.log <= 0 || first.log + '/' + first.checkpointed === last) return;
    fdatasyncSync(file);
    const second = checkpoint.get();
    fdatasyncSync(file);
    last = second.log + '/' + second.checkpointed;
    parentPort.postMessage('behind');
  } catch {}
}, workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  closeSync(file);
  db.close();
  parentPort.close();
});
`;

/**
 * Copies a WAL-mode SQLite file's WAL into the database file on a worker thread, every `everyMs`.
 * SQLite's own checkpoint runs on the connection that commits, so on the event loop: on the event
 * store it blocked the loop for about 20 ms every 2 s under the lifecycle load, on the sandbox 6-8 ms
 * several times a second.
 *
 * Under a steady write load the worker alone never finishes: commits go on while it copies, so it
 * never reaches the WAL's end, SQLite never syncs the database file (it does so only for a complete
 * checkpoint) and the WAL is never restarted. The owning connection's `wal_autocheckpoint` then did
 * the rest on the event loop, syncing all the pages the worker had copied since the last sync: 7-14
 * ms on the event store every 750 ms, 4-6 ms on the sandbox five times a second. So the worker
 * syncs the database file itself after a checkpoint, copies what came meanwhile, syncs again and
 * asks the owning thread to `catchUp`: its checkpoint copies the few frames left, no commit can
 * overtake it, and the next commit starts the WAL over.
 *
 * A worker that fails leaves the owning connection checkpointing alone, as before. The worker does
 * not keep the process alive, except while `close` waits for it to end.
 */
export class WalCheckpointer {
  private readonly worker: Worker;
  private exited = false;
  private closing: Promise<void> | null = null;

  constructor(file: string, options: WalCheckpointerOptions) {
    if (!Number.isSafeInteger(options.everyMs) || options.everyMs < 1)
      throw new RangeError(`everyMs must be a positive integer, got ${options.everyMs}`);
    this.worker = new Worker(PROGRAM, {
      eval: true,
      workerData: { file, driver: options.driver, everyMs: options.everyMs },
    });
    this.worker.unref();
    this.worker.once('exit', () => {
      this.exited = true;
    });
    // Nothing to do with the error itself: the owning connection's checkpoints go on without it.
    this.worker.on('error', () => undefined);
    const catchUp = options.catchUp;
    if (catchUp)
      this.worker.on('message', () => {
        if (this.closing) return;
        try {
          catchUp();
        } catch {
          // A checkpoint that fails is tried again after the worker's next one.
        }
      });
  }

  /** Stops the worker after the checkpoint it may be running; its connection is closed. */
  close(): Promise<void> {
    this.closing ??= new Promise<void>((resolve) => {
      if (this.exited) return resolve();
      this.worker.once('exit', () => resolve());
      // Held until it has exited: an unreferenced worker would let the process end while the
      // caller still awaits this (with whatever the caller meant to do next left undone).
      this.worker.ref();
      this.worker.postMessage('close');
    });
    return this.closing;
  }
}
