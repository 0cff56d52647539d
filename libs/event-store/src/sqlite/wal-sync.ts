import { closeSync, existsSync, fdatasync, fdatasyncSync, openSync } from 'node:fs';

/**
 * Makes a WAL-mode SQLite file's commits durable off the event loop: an fdatasync of the WAL on
 * libuv's thread pool, one at a time, shared by everything that asked while the previous one ran.
 * With `synchronous=NORMAL`, SQLite itself syncs only around checkpoints, so this is what makes a
 * commit survive a power loss. It also tracks how far `$all` is on disk (`durableHead`).
 */
export class WalSync {
  private readonly fd: number;
  /** Every row up to this one is on disk. */
  private head: bigint;
  private running = false;
  /** What waits for the next fdatasync, in order. */
  private waiting: ((error: unknown) => void)[] = [];
  private count = 0;

  /**
   * `currentHead` reads the last row committed by anyone; the WAL is synced at once, since a killed
   * process may have left rows in it that only reached the page cache.
   */
  constructor(
    databaseFile: string,
    private readonly currentHead: () => bigint,
  ) {
    const wal = `${databaseFile}-wal`;
    if (!existsSync(wal)) throw new Error(`SQLite has no WAL file at ${wal}`);
    this.fd = openSync(wal, 'r+');
    fdatasyncSync(this.fd);
    this.head = currentHead();
  }

  get durableHead(): bigint {
    return this.head;
  }

  /** fdatasyncs done: each makes every transaction committed before it started durable. */
  get syncs(): number {
    return this.count;
  }

  /** Runs `then` after an fdatasync that starts after this call (null), or with its error. */
  whenSynced(then: (error: unknown) => void): void {
    this.waiting.push(then);
    if (!this.running) this.sync();
  }

  /** Waits for every sync asked for, then closes the WAL file. */
  async close(): Promise<void> {
    while (this.running || this.waiting.length > 0)
      await new Promise<void>((resolve) => this.whenSynced(() => resolve()));
    closeSync(this.fd);
  }

  private sync(): void {
    const waiting = this.waiting;
    this.waiting = [];
    this.running = true;
    // Everything committed so far, by this connection or another, is in the WAL that is synced.
    const head = this.currentHead();
    fdatasync(this.fd, (failure) => {
      this.running = false;
      this.count++;
      if (!failure && head > this.head) this.head = head;
      for (const then of waiting) then(failure ?? null);
      if (!this.running && this.waiting.length > 0) this.sync();
    });
  }
}
