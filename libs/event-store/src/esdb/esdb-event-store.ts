import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
} from '@eventstore/db-client';
import type { AppendExpectedRevision, JSONType, ReadPosition } from '@eventstore/db-client';
import { randomUUID } from 'node:crypto';
import type {
  AllHandler,
  SubscribeToAllOptions,
  AllSubscription,
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  RecordedEvent,
} from '../event-store';
import { WrongExpectedRevisionError } from '../event-store';
import { assertExpectedRevision, matchesExpectedRevision } from '../expected-revision';
import type { Position } from '../position';
import { comparePositions, positionOf } from '../position';
import { fromEsdb, isSystemEvent, positionOfEvent } from './esdb-recorded-event';
import { EsdbSubscription } from './esdb-subscription';

const DEFAULT_MAX_COUNT = 1000;
const DEFAULT_BATCH_SIZE = 5000;
/** Events per page when scanning `$all` backwards for the last non-system event. */
const HEAD_PAGE = 100;

function toEsdbRevision(expected: ExpectedRevision): AppendExpectedRevision {
  if (typeof expected !== 'number') return expected;
  return expected === -1 ? NO_STREAM : BigInt(expected);
}

function positiveInteger(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer`);
  return value;
}

/**
 * The event store on an EventStoreDB server (>= 22.6, which reports positions on stream reads).
 * EventStoreDB's own events — types starting with `$` — never leave this adapter.
 */
export class EsdbEventStore implements EventStore {
  private readonly subscriptions = new Set<EsdbSubscription>();
  private closed = false;

  constructor(private readonly client: EventStoreDBClient) {}

  /** `connectionString`: e.g. `esdb://localhost:2113?tls=false`. The client connects on first use. */
  static connect(connectionString: string): EsdbEventStore {
    return new EsdbEventStore(EventStoreDBClient.connectionString(connectionString));
  }

  async appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    const expected = options.expectedRevision;
    assertExpectedRevision(expected);
    if (typeof streamId !== 'string' || streamId === '')
      throw new TypeError('stream id must be a non-empty string');
    if (events.length === 0) return this.appendNothing(streamId, expected);
    const proposed = events.map((event) =>
      jsonEvent({
        id: event.id ?? randomUUID(),
        type: event.type,
        data: event.data as JSONType,
        metadata: event.metadata ?? {},
      }),
    );
    try {
      const result = await this.client.appendToStream(streamId, proposed, {
        expectedRevision: toEsdbRevision(expected),
      });
      if (result.position === undefined)
        throw new Error(`EventStoreDB did not report the position of the append to ${streamId}`);
      return {
        nextExpectedRevision: Number(result.nextExpectedRevision),
        position: { commit: result.position.commit, prepare: result.position.prepare },
      };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion === NO_STREAM ? -1 : Number(error.actualVersion);
        throw new WrongExpectedRevisionError(streamId, expected, actual);
      }
      throw error;
    }
  }

  async readStream(streamId: string, options: { fromRevision?: number } = {}): Promise<RecordedEvent[]> {
    const fromRevision = options.fromRevision ?? 0;
    const recorded: RecordedEvent[] = [];
    try {
      const read = this.client.readStream(streamId, {
        fromRevision: fromRevision <= 0 ? START : BigInt(fromRevision),
      });
      for await (const resolved of read) if (resolved.event) recorded.push(fromEsdb(resolved.event));
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return recorded;
  }

  async readAll(options: { after?: Position; maxCount?: number } = {}): Promise<RecordedEvent[]> {
    const maxCount = options.maxCount ?? DEFAULT_MAX_COUNT;
    if (!Number.isSafeInteger(maxCount) || maxCount < 0)
      throw new RangeError('maxCount must be an integer >= 0');
    const recorded: RecordedEvent[] = [];
    // `fromPosition` is inclusive and system events count against `maxCount`: read pages until enough.
    let after = options.after;
    while (recorded.length < maxCount) {
      const page = maxCount - recorded.length + 1;
      let received = 0;
      const read = this.client.readAll({ fromPosition: after ?? START, maxCount: page });
      for await (const resolved of read) {
        received++;
        const event = resolved.event;
        if (event === undefined) continue;
        if (after !== undefined && comparePositions(event.position, after) <= 0) continue;
        after = event.position;
        if (!isSystemEvent(event.type)) recorded.push(fromEsdb(event));
      }
      if (received < page) break;
    }
    return recorded.length > maxCount ? recorded.slice(0, maxCount) : recorded;
  }

  subscribeToAll(options: SubscribeToAllOptions, handler: AllHandler): AllSubscription {
    if (this.closed) throw new Error('EsdbEventStore is closed');
    const batchSize = positiveInteger(options.batchSize, DEFAULT_BATCH_SIZE, 'batchSize');
    const from: ReadPosition = options.after ?? START;
    const stream = this.client.subscribeToAll({ fromPosition: from, filter: excludeSystemEvents() });
    const subscription = new EsdbSubscription(stream, options.after, batchSize, handler, (s) =>
      this.subscriptions.delete(s),
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  async headPosition(): Promise<Position | null> {
    // The last application event, not a later system one: a subscriber that waits to reach the
    // head would otherwise wait forever for an event it is never given.
    let from: ReadPosition = END;
    for (;;) {
      let received = 0;
      let oldest: Position | undefined;
      let head: Position | null = null;
      for await (const resolved of this.client.readAll({
        direction: BACKWARDS,
        fromPosition: from,
        maxCount: HEAD_PAGE,
      })) {
        received++;
        const event = resolved.event;
        if (event === undefined) continue;
        oldest = event.position;
        if (head === null && !isSystemEvent(event.type)) head = positionOfEvent(event);
      }
      if (head !== null) return head;
      if (received < HEAD_PAGE || oldest === undefined) return null;
      from = oldest;
    }
  }

  /** Reads the whole of `$all`: O(number of events), for the CLI's `stats`, not for a request path. */
  async countByType(): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for await (const resolved of this.client.readAll({ fromPosition: START })) {
      const type = resolved.event?.type;
      if (type !== undefined && !isSystemEvent(type)) counts[type] = (counts[type] ?? 0) + 1;
    }
    return counts;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await this.client.dispose();
  }

  /**
   * EventStoreDB accepts an empty append but reports no position for it; this reads the stream's
   * last event instead, so both adapters answer alike. Nothing is written, so checking the
   * expected revision against a read is as good as the server's check.
   */
  private async appendNothing(streamId: string, expected: ExpectedRevision): Promise<AppendResult> {
    let last: RecordedEvent | undefined;
    try {
      const read = this.client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 });
      for await (const resolved of read) if (resolved.event) last = fromEsdb(resolved.event);
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    const actual = last?.revision ?? -1;
    if (!matchesExpectedRevision(expected, actual))
      throw new WrongExpectedRevisionError(streamId, expected, actual);
    return { nextExpectedRevision: actual, position: last?.position ?? positionOf(0) };
  }
}
