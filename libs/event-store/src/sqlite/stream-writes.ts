import type Database from 'better-sqlite3';
import type { AppendResult, ExpectedRevision } from '../event-store';
import { WrongExpectedRevisionError } from '../event-store';
import { matchesExpectedRevision } from '../expected-revision';
import { positionOf } from '../position';
import type { PendingEvent } from './event-rows';
import type { StreamIndex } from './stream-index';

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

/**
 * The rows a batch of appends writes into the `events` table, each append checked against its own
 * expected revision (from the stream index, which the caller has caught up under the write lock):
 * one that fails its check is refused alone, the others are written. The index learns the rows
 * only once their transaction commits (`indexCommitted`).
 */
export class StreamWrites {
  private readonly insertEvent: Database.Statement<[string, number, string, string, string, string]>;

  constructor(
    db: Database.Database,
    private readonly index: StreamIndex,
  ) {
    this.insertEvent = db.prepare<[string, number, string, string, string, string]>(
      'INSERT INTO events (stream_id, revision, id, type, body, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
  }

  /**
   * Writes the batch's rows, stamped `createdAt`, inside the caller's write transaction (a throw
   * rolls the whole batch back).
   */
  apply(batch: readonly AppendRequest[], createdAt: string): Outcome[] {
    // What earlier requests of this batch wrote, which later ones on the same stream must see (the
    // index learns it only after the commit).
    const written = new Map<string, AppendResult>();
    const outcomes: Outcome[] = new Array(batch.length);
    for (let i = 0; i < batch.length; i++) {
      const { streamId, expected, events } = batch[i];
      const earlier = written.get(streamId) ?? this.indexed(streamId);
      let revision = earlier.nextExpectedRevision;
      if (!matchesExpectedRevision(expected, revision)) {
        outcomes[i] = new WrongExpectedRevisionError(streamId, expected, revision);
        continue;
      }
      if (events.length === 0) {
        // Nothing to write: the stream's last event is where it stands (position 0 for none).
        outcomes[i] = { nextExpectedRevision: revision, position: earlier.position };
        continue;
      }
      let position: number | bigint = 0;
      for (const event of events)
        position = this.insertEvent.run(
          streamId,
          ++revision,
          event.id,
          event.type,
          event.body,
          createdAt,
        ).lastInsertRowid;
      const outcome = { nextExpectedRevision: revision, position: positionOf(position) };
      written.set(streamId, outcome);
      outcomes[i] = outcome;
    }
    return outcomes;
  }

  /** Where the stream stands in the index: its last revision and that event's position. */
  private indexed(streamId: string): AppendResult {
    const { revision, position } = this.index.last(streamId);
    return { nextExpectedRevision: revision, position: positionOf(position) };
  }

  /** After the batch's transaction committed: the index learns its rows, in position order. */
  indexCommitted(batch: readonly AppendRequest[], outcomes: readonly Outcome[]): void {
    for (let i = 0; i < batch.length; i++) {
      const outcome = outcomes[i];
      const { streamId, events } = batch[i];
      if (outcome instanceof WrongExpectedRevisionError || events.length === 0) continue;
      const last = Number(outcome.position.commit);
      const first = outcome.nextExpectedRevision - events.length + 1;
      for (let k = 0; k < events.length; k++)
        this.index.add(streamId, first + k, last - events.length + 1 + k);
    }
  }
}
