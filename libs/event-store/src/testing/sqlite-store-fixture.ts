import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NewEvent } from '../event-store';
import { SqliteEventStore, type SqliteEventStoreOptions } from '../sqlite/sqlite-event-store';

export const one = (n: number, type = 'Tested'): NewEvent[] => [{ type, data: { n } }];
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export interface SqliteStoreFixture {
  /** The suite's temporary directory, removed after it. */
  dir: string;
  /** A path for a new database file in it. */
  newFile(): string;
  /** A store on `file` (a new one by default), polling every 25 ms unless told; closed after the test. */
  open(file?: string, options?: Omit<SqliteEventStoreOptions, 'file'>): SqliteEventStore;
}

/** For SQLite adapter specs: registers the hooks that close each test's stores and remove the files. */
export function sqliteStoreFixture(): SqliteStoreFixture {
  const dir = mkdtempSync(join(tmpdir(), 'vetted-event-store-'));
  const opened: SqliteEventStore[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const newFile = (): string => join(dir, `${randomUUID()}.db`);
  return {
    dir,
    newFile,
    open(file = newFile(), options = {}) {
      const store = new SqliteEventStore(Object.assign({ file, pollIntervalMs: 25 }, options));
      opened.push(store);
      return store;
    },
  };
}
