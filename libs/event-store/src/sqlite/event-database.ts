import { WAL_AUTOCHECKPOINT_PAGES } from '@vetted/kernel';
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { EVENTS_SCHEMA } from './event-rows';

/**
 * Opens (or creates) the event store's file, its directory included: WAL mode, `synchronous=NORMAL`
 * (the store syncs each commit itself, WalSync), the long WAL and the `events` table.
 */
export function openEventDatabase(file: string): Database.Database {
  mkdirSync(dirname(resolve(file)), { recursive: true });
  // `timeout` is SQLite's busy_timeout: how long to wait for another process's write lock.
  const db = new Database(file, { timeout: 5000 });
  try {
    const mode = db.pragma('journal_mode = WAL', { simple: true });
    if (mode !== 'wal') throw new Error(`SQLite refused WAL mode on ${file} (journal_mode=${String(mode)})`);
    db.pragma('synchronous = NORMAL');
    // Checkpoints copy the WAL into the database file on the committing thread; a 40 MB WAL
    // writes a page dirtied by many commits once instead of every 4 MB, and checkpoints a tenth
    // as often (commits of random-keyed index pages cost a third less).
    db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
    db.exec(EVENTS_SCHEMA);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
