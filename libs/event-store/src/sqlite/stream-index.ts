import type Database from 'better-sqlite3';

/**
 * Where each stream's events are in `$all`, held in memory: revision `i` of a stream is at its
 * `i`-th position. The `events` table keeps no index of its streams: every new stream (every
 * created operation) wrote one leaf of a `(stream_id, revision)` index at a random place, and an
 * append cost 22 µs of SQLite per event in the batches the service commits, against 8 µs without
 * that index (docs/decisions.md, "The SQLite store indexes its streams in memory").
 *
 * Built from the table when the store opens, one pass in position order. Rows other connections
 * commit are caught up with (`catchUp`) before every write transaction inserts (under SQLite's
 * write lock, so revisions are checked against everything committed) and before a stream is read
 * once another connection committed. A stream with one event keeps its position as a number, not
 * in an array (most streams of a busy store are operations, written a few times each).
 */
export class StreamIndex {
  private readonly streams = new Map<string, number | number[]>();
  /** Every row up to this position is indexed. */
  private upTo = 0;
  private readonly rowsAfter: Database.Statement<[number], [number, string, number]>;

  constructor(db: Database.Database) {
    this.rowsAfter = db.prepare<[number], [number, string, number]>(
      'SELECT position, stream_id, revision FROM events WHERE position > ? ORDER BY position',
    );
    this.rowsAfter.raw(true);
    // One pass, row by row: a million rows are not held in one array.
    for (const [position, streamId, revision] of this.rowsAfter.iterate(0))
      this.add(streamId, revision, position);
  }

  /** Streams indexed (tests, stats). */
  get size(): number {
    return this.streams.size;
  }

  /**
   * Indexes the rows other connections committed after the last one indexed. Run before every
   * write transaction checks revisions, where it almost always finds none (`all` finding none:
   * 1.2 µs, an iterator 1.9 µs).
   */
  catchUp(): void {
    for (const [position, streamId, revision] of this.rowsAfter.all(this.upTo))
      this.add(streamId, revision, position);
  }

  /** The stream's last revision, -1 when it has no event. */
  lastRevision(streamId: string): number {
    const positions = this.streams.get(streamId);
    if (positions === undefined) return -1;
    return typeof positions === 'number' ? 0 : positions.length - 1;
  }

  /**
   * Where the stream stands, from one lookup (an append needs both): its last revision (-1 when it
   * has no event) and where that event is (0 when none).
   */
  last(streamId: string): { revision: number; position: number } {
    const positions = this.streams.get(streamId);
    if (positions === undefined) return { revision: -1, position: 0 };
    if (typeof positions === 'number') return { revision: 0, position: positions };
    return { revision: positions.length - 1, position: positions[positions.length - 1] };
  }

  /** Where the stream's events from `fromRevision` on are, in revision order. */
  positionsFrom(streamId: string, fromRevision: number): number[] {
    const positions = this.streams.get(streamId);
    if (positions === undefined) return [];
    if (typeof positions === 'number') return fromRevision <= 0 ? [positions] : [];
    return positions.slice(Math.max(0, fromRevision));
  }

  /**
   * Indexes one committed row. Rows come in position order and each stream's revisions one after
   * another: anything else means the table and the index disagree, and the store must not go on.
   */
  add(streamId: string, revision: number, position: number): void {
    if (position <= this.upTo)
      throw new Error(`event store index: position ${position} indexed after ${this.upTo}`);
    const positions = this.streams.get(streamId);
    const next = positions === undefined ? 0 : typeof positions === 'number' ? 1 : positions.length;
    if (revision !== next)
      throw new Error(`event store index: ${streamId} revision ${revision} after ${next - 1}`);
    if (positions === undefined) this.streams.set(streamId, position);
    else if (typeof positions === 'number') this.streams.set(streamId, [positions, position]);
    else positions.push(position);
    this.upTo = position;
  }
}
