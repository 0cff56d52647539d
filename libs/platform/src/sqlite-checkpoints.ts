import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { CheckpointStore } from '@vetted/event-store';

/**
 * Durable checkpoints for process managers in the embedded deployment, whose in-process read
 * store (and its checkpoints) is rebuilt at every boot. A lost write only means a replay, which
 * process managers tolerate (every step is idempotent), so NORMAL sync is enough here.
 */
export class SqliteCheckpointStore implements CheckpointStore {
  private readonly db: Database.Database;
  private readonly select: Database.Statement<[string], { position: string }>;
  private readonly upsert: Database.Statement<[string, string]>;

  constructor(file: string) {
    mkdirSync(path.dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position TEXT NOT NULL) STRICT',
    );
    this.select = this.db.prepare('SELECT position FROM checkpoints WHERE name = ?');
    this.upsert = this.db.prepare(
      'INSERT INTO checkpoints (name, position) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET position = excluded.position',
    );
  }

  async get(name: string): Promise<string | null> {
    return this.select.get(name)?.position ?? null;
  }

  async put(name: string, position: string): Promise<void> {
    this.upsert.run(name, position);
  }

  close(): void {
    this.db.close();
  }
}
