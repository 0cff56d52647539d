import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { AppendResult, EventMetadata, NewEvent, RecordedEvent } from '../event-store';
import { positionOf } from '../position';

/**
 * The `events` table: `$all` is its position order, a stream its rows by revision. No AUTOINCREMENT:
 * rows are never deleted, so a new row's position is the last one plus one anyway, and AUTOINCREMENT
 * would write its `sqlite_sequence` page in every commit (3.75 WAL frames per single-event commit
 * instead of 2.75). A file created with it keeps its table and its counter, and works the same.
 */
export const EVENTS_SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position INTEGER PRIMARY KEY,
    stream_id TEXT NOT NULL,
    revision INTEGER NOT NULL,
    id TEXT NOT NULL,
    type TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at TEXT NOT NULL
  ) STRICT`;

/**
 * How an event is stored as a row of the `events` table and read back: its data and metadata as
 * one JSON body, serialized before the append is queued and parsed anew on every read.
 */
export const COLUMNS = 'position, stream_id, revision, id, type, body, created_at';

export type Row = [
  position: number,
  streamId: string,
  revision: number,
  id: string,
  type: string,
  body: string,
  createdAt: string,
];

interface Body {
  data: unknown;
  metadata: EventMetadata;
}

/**
 * An event as it waits for its append: serialized, so one that cannot be stored fails alone. Its
 * data and metadata are kept too, deep-frozen, for the subscribers of the commit: parsing the body
 * again cost the create about 4% of its requests/s (session 21), and freezing costs a quarter of
 * that parse. Frozen, neither the command side (its folded states hold these objects) nor a
 * subscriber can change what the other sees.
 */
export interface PendingEvent {
  id: string;
  type: string;
  body: string;
  data: unknown;
  metadata: EventMetadata;
}

/**
 * Under Jest (which sets NODE_ENV=test, inherited by the processes tests spawn), every append
 * also checks that its data reads back from the body exactly as appended: what subscribers get
 * live must equal what a read returns, so an `undefined` field or a `Date` in an event fails its
 * test rather than making live and rebuilt read models differ.
 */
const CHECK_ROUND_TRIP = process.env.NODE_ENV === 'test';

export function toPending(event: NewEvent): PendingEvent {
  if (typeof event.type !== 'string' || event.type === '')
    throw new TypeError('event type must be a non-empty string');
  const metadata = event.metadata ?? {};
  const stored = { data: event.data, metadata };
  const body = JSON.stringify(stored);
  if (CHECK_ROUND_TRIP && !isDeepStrictEqual(JSON.parse(body), stored))
    throw new TypeError(`event ${event.type} is not plain JSON: it would read back otherwise`);
  return {
    id: event.id ?? randomUUID(),
    type: event.type,
    body,
    data: deepFreeze(event.data),
    metadata: deepFreeze(metadata),
  };
}

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key in value) deepFreeze(value[key]);
  return value;
}

export function toRecorded(row: Row): RecordedEvent {
  const body = JSON.parse(row[5]) as Body;
  return {
    id: row[3],
    streamId: row[1],
    revision: row[2],
    position: positionOf(row[0]),
    type: row[4],
    data: body.data,
    metadata: body.metadata,
    createdAt: row[6],
  };
}

/** An append that wrote events, and where they went. */
export interface Written {
  request: { streamId: string; events: readonly PendingEvent[] };
  outcome: AppendResult;
}

/** The events of one commit as a read would return them, from what was appended (frozen, not parsed again). */
export function recordedOf(written: readonly Written[], createdAt: string): RecordedEvent[] {
  const out: RecordedEvent[] = [];
  for (const { request, outcome } of written) {
    const n = request.events.length;
    const firstRevision = outcome.nextExpectedRevision - n + 1;
    const firstPosition = outcome.position.commit - BigInt(n) + 1n;
    request.events.forEach((event, i) => {
      out.push({
        id: event.id,
        streamId: request.streamId,
        revision: firstRevision + i,
        position: positionOf(firstPosition + BigInt(i)),
        type: event.type,
        data: event.data,
        metadata: event.metadata,
        createdAt,
      });
    });
  }
  return out;
}
