import type { Position } from './position';

/** Metadata every event carries; everything a person auditing the event may ask "who, why". */
export interface EventMetadata {
  userId?: string;
  correlationId?: string;
  causationId?: string;
  requestId?: string;
  schemaVersion?: number;
  [key: string]: unknown;
}

/** An event about to be appended. Data is plain JSON (bigints as strings). */
export interface NewEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  metadata?: EventMetadata;
  /** A UUID; the store assigns one when absent. */
  id?: string;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  id: string;
  streamId: string;
  /** 0-based index of this event in its stream. */
  revision: number;
  position: Position;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  /** ISO 8601 UTC with milliseconds, set by the store when it committed the event. */
  createdAt: string;
}

/**
 * What the writer expects the stream to look like: `no_stream` (it must not exist), `any`
 * (no check), `stream_exists`, or the revision of its last event (-1 means `no_stream`).
 * Expected revisions, not event ids, make appends idempotent: the SQLite store does not
 * deduplicate event ids (EventStoreDB does), so a retried append must state its revision.
 */
export type ExpectedRevision = 'no_stream' | 'any' | 'stream_exists' | number;

export interface AppendResult {
  /** Revision of the last appended event: the expected revision for the writer's next append. */
  nextExpectedRevision: number;
  /** Position of the last appended event in `$all`. */
  position: Position;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    /** The stream's actual last revision, or -1 when it does not exist. */
    readonly actual: number,
  ) {
    super(`stream ${streamId}: expected revision ${String(expected)}, actual ${actual}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/**
 * Receives `$all` events in order, in batches. The next batch is delivered only after the
 * returned promise resolves; a rejection stops the subscription and rejects `done`.
 */
/**
 * Takes the next events of `$all` in order. `upTo` is how far `$all` has been read, at or after the
 * last event given: events between were not asked for (see `eventTypes`). A call may bring no events
 * at all, only progress.
 */
export type AllHandler = (events: readonly RecordedEvent[], upTo: Position) => Promise<void> | void;

export interface SubscribeToAllOptions {
  /** Deliver events strictly after this position (default: from the start). */
  after?: Position;
  /** At most this many events per handler call. */
  batchSize?: number;
  /**
   * The event types the subscriber handles. A hint: a store may skip other events (the SQLite store
   * filters in its query) or deliver them anyway (the subscriber ignores them); `upTo` reports the
   * progress either way.
   */
  eventTypes?: readonly string[];
}

export interface AllSubscription {
  /** Stops delivery; resolves once no handler call is running (so a handler must not await it). */
  stop(): Promise<void>;
  /** Settles when the subscription ends: resolves after stop(), rejects when the handler or the store failed. */
  readonly done: Promise<void>;
}

export interface EventStore {
  /**
   * Appends atomically, checking `expectedRevision` first; throws WrongExpectedRevisionError when
   * the stream does not match. Events get consecutive revisions and increasing positions.
   */
  appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult>;

  /** The stream's events in revision order from `fromRevision` (default 0); [] when it does not exist. */
  readStream(streamId: string, options?: { fromRevision?: number }): Promise<RecordedEvent[]>;

  /**
   * The stream's last revision (-1: none) when this instance knows nothing can have changed it
   * since it last wrote or read it; undefined when it cannot tell. Optional: lets a cache of folded
   * states skip reading a stream that cannot have changed. A stale answer is caught by the expected
   * revision of the next append, so a store may check for other writers once per event-loop turn.
   */
  knownRevision?(streamId: string): number | undefined;

  /** `$all` forward, strictly after `after` (from the start when absent), at most `maxCount` events. */
  readAll(options?: { after?: Position; maxCount?: number }): Promise<RecordedEvent[]>;

  /**
   * Catch-up subscription: delivers every event strictly after `after` in `$all` order, then keeps
   * delivering new events live, with no gap and no duplicate.
   */
  subscribeToAll(options: SubscribeToAllOptions, handler: AllHandler): AllSubscription;

  /** Position of the last event in `$all`, or null when the store is empty. */
  headPosition(): Promise<Position | null>;

  /** Number of events of each type (for the CLI's `stats`). */
  countByType(): Promise<Record<string, number>>;

  close(): Promise<void>;
}

export const EVENT_STORE = Symbol('EventStore');
