import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { CommandOutcome, DomainEvent, EventStore, RecordedEvent } from '@vetted/event-store';
import { EVENT_STORE, formatPosition, operationStream } from '@vetted/event-store';
import type { Collection, Page, ReadStore } from '@vetted/read-store';
import {
  InvalidCursorError,
  READ_STORE,
  decodeCursor,
  documentAfter,
  encodeCursor,
} from '@vetted/read-store';
import type { OperationEvent } from '../domain';
import type { OperationDocument, OperationStatus } from '../read-model/operations/operation-document';
import { operationsCollection, operationsProjection } from '../read-model/operations/operations-projection';

export class OperationQuery {
  constructor(
    readonly userId: string,
    readonly operationId: string,
  ) {}
}

export interface OperationFilters {
  state?: OperationStatus;
  kind?: string;
  walletId?: number;
}

export class ListOperationsQuery {
  constructor(
    readonly userId: string,
    readonly filters: OperationFilters,
    readonly cursor: string | undefined,
    readonly limit: number,
  ) {}
}

/** One page of an operation's audit timeline, oldest first (`cursor` from the previous page). */
export class OperationEventsQuery {
  constructor(
    readonly userId: string,
    readonly operationId: string,
    readonly cursor: string | undefined,
    readonly limit: number,
  ) {}
}

export interface AuditEntry {
  type: string;
  at: string;
  revision: number;
  position: string;
  /** Who wrote the event: the user's command (with its request), or the service's executor. */
  actor: { kind: 'user' | 'service'; userId: string | null; requestId: string | null };
  data: unknown;
}

abstract class OperationsReader {
  protected readonly operations: Collection<OperationDocument>;
  constructor(readStore: ReadStore) {
    this.operations = readStore.collection(operationsCollection);
  }

  /** The caller's operation, or null (another user's reads exactly like a missing one). */
  protected async owned(userId: string, operationId: string): Promise<OperationDocument | null> {
    const doc = await this.operations.get(operationId);
    return doc !== null && doc.userId === userId ? doc : null;
  }
}

@QueryHandler(OperationQuery)
export class OperationHandler
  extends OperationsReader
  implements IQueryHandler<OperationQuery, OperationDocument | null>
{
  constructor(@Inject(READ_STORE) readStore: ReadStore) {
    super(readStore);
  }

  execute({ userId, operationId }: OperationQuery): Promise<OperationDocument | null> {
    return this.owned(userId, operationId);
  }
}

@QueryHandler(ListOperationsQuery)
export class ListOperationsHandler
  extends OperationsReader
  implements IQueryHandler<ListOperationsQuery, Page<OperationDocument>>
{
  constructor(@Inject(READ_STORE) readStore: ReadStore) {
    super(readStore);
  }

  execute({ userId, filters, cursor, limit }: ListOperationsQuery): Promise<Page<OperationDocument>> {
    const where: Record<string, string | number> = { userId };
    for (const [field, value] of Object.entries(filters)) if (value !== undefined) where[field] = value;
    return this.operations.find({ where, orderBy: 'createdAt', direction: 'desc', after: cursor, limit });
  }
}

/**
 * The executor's steps. The approval records the first leg's submission in its own append (one
 * durable write fewer), so that `LegSubmitted` carries the owner's request: it is still a step of
 * the service, as every later leg's is.
 */
const SERVICE_STEPS: ReadonlySet<string> = new Set<OperationEvent['type']>([
  'LegSubmitted',
  'LegSettled',
  'LegFailed',
  'OperationSucceeded',
  'OperationFailed',
  'LateDropRecorded',
]);

function actorOf(event: RecordedEvent): AuditEntry['actor'] {
  const userId = SERVICE_STEPS.has(event.type) ? undefined : event.metadata.userId;
  return userId
    ? { kind: 'user', userId, requestId: event.metadata.requestId ?? null }
    : { kind: 'service', userId: null, requestId: null };
}

/** The audit timeline: the operation's own events, in order, from the event store itself. */
@QueryHandler(OperationEventsQuery)
export class OperationEventsHandler
  extends OperationsReader
  implements IQueryHandler<OperationEventsQuery, Page<AuditEntry> | null>
{
  constructor(
    @Inject(READ_STORE) readStore: ReadStore,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {
    super(readStore);
  }

  async execute({
    userId,
    operationId,
    cursor,
    limit,
  }: OperationEventsQuery): Promise<Page<AuditEntry> | null> {
    const events = await this.store.readStream(operationStream(operationId));
    const created = events[0]?.data as { userId?: string } | undefined;
    if (created?.userId !== userId) return null;
    const from = cursor === undefined ? 0 : revisionAfter(cursor, operationId) + 1;
    const page = events.slice(from, from + limit);
    const last = page.at(-1);
    return {
      items: page.map((event) => ({
        type: event.type,
        at: event.createdAt,
        revision: event.revision,
        position: formatPosition(event.position),
        actor: actorOf(event),
        data: event.data,
      })),
      nextCursor:
        last !== undefined && from + limit < events.length
          ? encodeCursor(TIMELINE, last.revision, operationId)
          : null,
    };
  }
}

/** The list a timeline cursor belongs to (its place: a revision of the operation it names). */
const TIMELINE = 'operationEvents';

/** The revision a timeline cursor stands at: one of this operation's, from an earlier page. */
function revisionAfter(cursor: string, operationId: string): number {
  const { value, id } = decodeCursor(cursor, TIMELINE);
  if (id !== operationId || typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw new InvalidCursorError();
  return value;
}

/** The operation as it stands after a command's events, whether or not the projector has run yet. */
export class OperationAfterWriteQuery {
  constructor(
    readonly operationId: string,
    readonly outcome: Pick<CommandOutcome<unknown, DomainEvent>, 'newEvents' | 'revision' | 'position'>,
  ) {}
}

@QueryHandler(OperationAfterWriteQuery)
export class OperationAfterWriteHandler
  extends OperationsReader
  implements IQueryHandler<OperationAfterWriteQuery, OperationDocument | null>
{
  constructor(@Inject(READ_STORE) readStore: ReadStore) {
    super(readStore);
  }

  execute({ operationId, outcome }: OperationAfterWriteQuery): Promise<OperationDocument | null> {
    return documentAfter(
      operationsProjection,
      this.operations,
      operationStream(operationId),
      outcome,
      operationId,
    );
  }
}

/**
 * The caller's operation once it is terminal, or as it stands when `timeoutMs` ran out: Shape B's
 * approve answers with the outcome (the executor itself fails a leg past the 30 s lifecycle
 * deadline, so the wait normally ends with a terminal state).
 */
export class SettledOperationQuery {
  constructor(
    readonly userId: string,
    readonly operationId: string,
    readonly timeoutMs: number,
  ) {}
}

const TERMINAL = new Set<OperationStatus>([
  'done',
  'failed',
  'failed_before_effect',
  'dismissed',
  'canceled',
]);
const SETTLE_POLL_MS = 5;

@QueryHandler(SettledOperationQuery)
export class SettledOperationHandler
  extends OperationsReader
  implements IQueryHandler<SettledOperationQuery, OperationDocument | null>
{
  constructor(@Inject(READ_STORE) readStore: ReadStore) {
    super(readStore);
  }

  async execute({
    userId,
    operationId,
    timeoutMs,
  }: SettledOperationQuery): Promise<OperationDocument | null> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const doc = await this.owned(userId, operationId);
      if (doc === null || TERMINAL.has(doc.state) || Date.now() >= until) return doc;
      await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
    }
  }
}

export const OPERATION_QUERY_HANDLERS = [
  OperationHandler,
  SettledOperationHandler,
  ListOperationsHandler,
  OperationEventsHandler,
  OperationAfterWriteHandler,
];
