import { Worker } from 'node:worker_threads';

export interface WalCheckpointerOptions {
  /** The SQLite driver's module path (`require.resolve('better-sqlite3')`), loaded by the worker. */
  driver: string;
  /** How often the worker checkpoints. */
  everyMs: number;
}

/**
 * The worker's program: CommonJS run with `eval`, so it needs no file of its own in `dist` and no
 * TypeScript loader under Jest. Its own connection runs PASSIVE checkpoints, which neither wait for
 * nor block the readers and the writer of other connections. A failed one is tried again next time.
 */
const PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const timer = setInterval(() => {
  try { checkpoint.get(); } catch {}
}, workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Copies a WAL-mode SQLite file's WAL into the database file on a worker thread, every `everyMs`.
 * SQLite's own checkpoint runs on the connection that commits, so on the event loop: on the event
 * store it blocked the loop for about 20 ms every 2 s under the lifecycle load, on the sandbox 6-8 ms
 * several times a second. The owning connection keeps its `wal_autocheckpoint`; when it fires, the
 * pages are already in the database file, so it copies only the last few and the WAL restarts from
 * its beginning (measured: the longest commit went from 20 ms to 1-3 ms).
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
