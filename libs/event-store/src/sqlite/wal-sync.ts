import { closeSync, existsSync, fdatasync, fdatasyncSync, openSync } from 'node:fs';

/**
 * At most this many fdatasyncs run at once. Two let a commit made while one runs start its own at
 * once; each holds one of libuv's four pool threads, and four or eight measured no better.
 */
const MAX_RUNNING = 2;

type Then = (error: unknown) => void;

/** A running fdatasync: how far `$all` was committed when it began, and who waits for it. */
interface RunningSync {
  head: bigint;
  waiting: Then[];
}

/**
 * Makes a WAL-mode SQLite file's commits durable off the event loop: an fdatasync of the WAL on
 * libuv's thread pool. A commit starts its own at once unless two already run (then it shares the
 * next one with every commit waiting), so its wait is one sync, not the rest of a running one plus
 * its own. An fdatasync makes durable whatever was written before it began, so one that ends
 * answers for the syncs that began before it too, whichever order they end in.
 * With `synchronous=NORMAL`, SQLite itself syncs only around checkpoints, so this is what makes a
 * commit survive a power loss. It also tracks how far `$all` is on disk (`durableHead`).
 */
export class WalSync {
  private readonly fd: number;
  /** Every row up to this one is on disk. */
  private head: bigint;
  /** The fdatasyncs running, oldest first. */
  private readonly running: RunningSync[] = [];
  /** What waits for the next fdatasync, in order. */
  private waiting: Then[] = [];
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
  whenSynced(then: Then): void {
    this.waiting.push(then);
    if (this.running.length < MAX_RUNNING) this.sync();
  }

  /** Waits for every sync asked for, then closes the WAL file. */
  async close(): Promise<void> {
    while (this.running.length > 0 || this.waiting.length > 0)
      await new Promise<void>((resolve) => this.whenSynced(() => resolve()));
    closeSync(this.fd);
  }

  private sync(): void {
    // Everything committed so far, by this connection or another, is in the WAL that is synced.
    const started: RunningSync = { head: this.currentHead(), waiting: this.waiting };
    this.waiting = [];
    this.running.push(started);
    fdatasync(this.fd, (failure) => {
      this.count++;
      // This sync and those that began before it (gone already if a later one answered for them).
      const answered = this.running.splice(0, this.running.indexOf(started) + 1);
      if (!failure && started.head > this.head) this.head = started.head;
      for (const sync of answered) for (const then of sync.waiting) then(failure ?? null);
      if (this.waiting.length > 0 && this.running.length < MAX_RUNNING) this.sync();
    });
  }
}
