/**
 * The bare better-sqlite3 baselines: the adapter's own table (its schema and columns imported), the
 * same pragmas and the same statements as libs/event-store/src/sqlite, without the adapter around them.
 */
import { COLUMNS as EVENT_COLUMNS, EVENTS_SCHEMA } from '@vetted/event-store/sqlite/event-rows';
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';

/** Opens (creating) a database file the way the adapter does: WAL, synchronous=FULL, same table. */
export function openBareDatabase(file: string): Database.Database {
  const db = new Database(file, { timeout: 5000 });
  const mode = db.pragma('journal_mode = WAL', { simple: true });
  if (mode !== 'wal') throw new Error(`SQLite refused WAL mode on ${file}`);
  db.pragma('synchronous = FULL');
  db.exec(EVENTS_SCHEMA);
  return db;
}

/** What one benchmark append carries: the same event for the adapter and the bare insert. */
export function benchEvent(n: number): { type: string; data: unknown; metadata: Record<string, unknown> } {
  const requestId = randomUUID();
  return {
    type: 'BenchAppended',
    data: { n, at: new Date().toISOString(), note: 'one event on a new stream' },
    metadata: { requestId, correlationId: requestId, schemaVersion: 1 },
  };
}

/**
 * Single-insert write transactions in a tight loop for `durationMs`: the adapter's row (new stream,
 * revision 0, a fresh UUID, the JSON body `{data, metadata}`, an ISO timestamp), each in its own
 * BEGIN IMMEDIATE ... COMMIT (one fsync). Returns appends per second.
 */
export class BareInserter {
  private readonly insert: Database.Statement<[string, number, string, string, string, string]>;
  private readonly transaction: Database.Transaction<
    (streamId: string, id: string, type: string, body: string) => void
  >;
  private n = 0;

  constructor(private readonly db: Database.Database) {
    this.insert = db.prepare(
      'INSERT INTO events (stream_id, revision, id, type, body, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.transaction = db.transaction((streamId: string, id: string, type: string, body: string) => {
      this.insert.run(streamId, 0, id, type, body, new Date().toISOString());
    });
  }

  appendOne(): void {
    const event = benchEvent(this.n++);
    const body = JSON.stringify({ data: event.data, metadata: event.metadata });
    this.transaction.immediate(`bench-${randomUUID()}`, randomUUID(), event.type, body);
  }

  /** Appends for `durationMs` (synchronously, as a bare loop would); returns appends/s. */
  run(durationMs: number): { rate: number; count: number; ms: number } {
    const start = performance.now();
    const end = start + durationMs;
    let count = 0;
    let now = start;
    while (now < end) {
      this.appendOne();
      count++;
      now = performance.now();
    }
    const ms = now - start;
    return { rate: (count * 1000) / ms, count, ms };
  }
}

/**
 * The bare read side of a rebuild: one prepared statement over every row in position order,
 * JSON.parse of each body. Returns the number of rows and the ms it took.
 */
export function bareReadAndParse(file: string): { rows: number; ms: number } {
  const db = new Database(file, { readonly: true });
  try {
    const select = db
      .prepare<[], unknown[]>(`SELECT ${EVENT_COLUMNS} FROM events ORDER BY position`)
      .raw(true);
    const start = performance.now();
    let rows = 0;
    let sink = 0;
    for (const row of select.iterate()) {
      const body = JSON.parse(row[5] as string) as { data: unknown };
      if (body.data !== undefined) sink++;
      rows++;
    }
    const ms = performance.now() - start;
    if (sink !== rows) throw new Error('a stored body had no data');
    return { rows, ms };
  } finally {
    db.close();
  }
}
