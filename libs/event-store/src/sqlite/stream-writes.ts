import type Database from 'better-sqlite3';
import type { AppendResult, ExpectedRevision } from '../event-store';
import { WrongExpectedRevisionError } from '../event-store';
import { matchesExpectedRevision } from '../expected-revision';
import { positionOf } from '../position';
import type { PendingEvent } from './event-rows';

/** One `appendToStream` call waiting in the queue for its write transaction. */
export interface AppendRequest {
  streamId: string;
  expected: ExpectedRevision;
  events: PendingEvent[];
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

/** What a request's append came to: its result, or the revision check it failed. */
export type Outcome = AppendResult | WrongExpectedRevisionError;

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * The rows a batch of appends writes into the `events` table, each append checked against its own
 * expected revision: one that fails its check is refused alone, the others are written.
 */
export class StreamWrites {
  private readonly insertEvent: Database.Statement<[string, number, string, string, string, string]>;
  private readonly selectLastRevision: Database.Statement<[string], number | null>;
  private readonly positionOfRevision: Database.Statement<[string, number], number>;

  constructor(db: Database.Database) {
    this.insertEvent = db.prepare<[string, number, string, string, string, string]>(
      'INSERT INTO events (stream_id, revision, id, type, body, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.selectLastRevision = db.prepare<[string], number | null>(
      'SELECT MAX(revision) FROM events WHERE stream_id = ?',
    );
    this.selectLastRevision.pluck();
    this.positionOfRevision = db.prepare<[string, number], number>(
      'SELECT position FROM events WHERE stream_id = ? AND revision = ?',
    );
    this.positionOfRevision.pluck();
  }

  /** The stream's last revision in the table, -1 when it has no event. */
  lastRevision(streamId: string): number {
    return this.selectLastRevision.get(streamId) ?? -1;
  }

  /**
   * Writes the batch's rows, stamped `createdAt`, inside the caller's write transaction (a throw
   * rolls the whole batch back).
   */
  apply(batch: readonly AppendRequest[], createdAt: string): Outcome[] {
    // Revisions written earlier in this batch, which later requests on the same stream must see.
    const revisions = new Map<string, number>();
    const outcomes: Outcome[] = new Array(batch.length);
    for (let i = 0; i < batch.length; i++) {
      const { streamId, expected, events } = batch[i];
      const inBatch = revisions.get(streamId);
      // A new stream's first event is checked by the unique (stream_id, revision) index itself: its
      // revision 0 exists exactly when the stream does, so no read comes first.
      const unread = inBatch === undefined && expected === 'no_stream' && events.length > 0;
      let revision = unread ? -1 : (inBatch ?? this.lastRevision(streamId));
      if (!unread && !matchesExpectedRevision(expected, revision)) {
        outcomes[i] = new WrongExpectedRevisionError(streamId, expected, revision);
        continue;
      }
      let position: number | bigint = 0;
      if (events.length === 0) {
        if (revision >= 0) position = this.positionOfRevision.get(streamId, revision) ?? 0;
      } else {
        try {
          for (const event of events)
            position = this.insertEvent.run(
              streamId,
              ++revision,
              event.id,
              event.type,
              event.body,
              createdAt,
            ).lastInsertRowid;
        } catch (error) {
          // Only the first insert of an unread append can meet an existing row; the failed
          // statement alone is undone, the transaction goes on.
          if (!(unread && revision === 0 && isUniqueViolation(error))) throw error;
          outcomes[i] = new WrongExpectedRevisionError(streamId, expected, this.lastRevision(streamId));
          continue;
        }
        revisions.set(streamId, revision);
      }
      outcomes[i] = { nextExpectedRevision: revision, position: positionOf(position) };
    }
    return outcomes;
  }
}
