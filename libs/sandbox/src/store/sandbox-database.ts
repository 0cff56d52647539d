import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { SANDBOX_SCHEMA } from './schema';

export type SynchronousMode = 'OFF' | 'NORMAL' | 'FULL' | 'EXTRA';

/** Opens (creating) the sandbox's own SQLite file: WAL, the chosen synchronous level, the schema. */
export function openSandboxDatabase(file: string, synchronous: SynchronousMode): Database.Database {
  // An in-memory world would silently vanish on restart, which is exactly what the sandbox must not do.
  if (file === '' || file === ':memory:' || file.startsWith('file:'))
    throw new Error(`the sandbox needs a database file path, got "${file}"`);
  if (!['OFF', 'NORMAL', 'FULL', 'EXTRA'].includes(synchronous))
    throw new Error(`synchronous must be OFF, NORMAL, FULL or EXTRA, got "${synchronous}"`);
  mkdirSync(dirname(resolve(file)), { recursive: true });
  const db = new Database(file, { timeout: 5000 });
  try {
    const mode = db.pragma('journal_mode = WAL', { simple: true });
    if (mode !== 'wal') throw new Error(`SQLite refused WAL mode on ${file} (journal_mode=${String(mode)})`);
    db.pragma(`synchronous = ${synchronous}`);
    db.exec(SANDBOX_SCHEMA);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** The `meta` table: small named values (seed, clock offset, block time). */
export class Meta {
  private readonly select: Database.Statement<[string], string>;
  private readonly upsert: Database.Statement<[string, string]>;

  constructor(db: Database.Database) {
    this.select = db.prepare<[string], string>('SELECT value FROM meta WHERE key = ?').pluck();
    this.upsert = db.prepare<[string, string]>(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    );
  }

  get(key: string): string | null {
    return this.select.get(key) ?? null;
  }

  set(key: string, value: string): void {
    this.upsert.run(key, value);
  }
}
