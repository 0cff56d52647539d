import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventMetadata, EventStore } from '@vetted/event-store';
import { EVENT_STORE, currentOutcome, handleCommand, operationStream } from '@vetted/event-store';
import { CLOCK, type Clock, requestHash, uuidV5 } from '@vetted/kernel';
import { IdempotencyConflict, operationDecider } from '../domain';
import type { OperationOutcome } from './operation-lifecycle';
import { OperationPreparer } from './operation-preparer';

import type { CreateRequest, PreparedRecord } from './operation-preparer';

export type { CreateRequest } from './operation-preparer';

export interface CreatedOperation {
  operationId: string;
  /** The same key and request were recorded before: the original operation, never re-quoted. */
  replayed: boolean;
  outcome: OperationOutcome;
}

export class CreateOperationCommand {
  constructor(
    readonly userId: string,
    readonly username: string,
    readonly idempotencyKey: string,
    readonly request: CreateRequest,
    readonly metadata: EventMetadata,
  ) {}
}

/**
 * Records a reviewed, quoted operation; creation never moves money. The stream id is derived from
 * (endpoint, user, idempotency key), so one `no_stream` append decides concurrent retries: the
 * loser finds the winner's request and answers it (same request) or 409 (another request). The
 * request is prepared before anything is read (a retry is prepared for nothing, a fresh key reads
 * nothing); a retry whose preparation now fails is still answered with what was recorded.
 */
@CommandHandler(CreateOperationCommand)
export class CreateOperationHandler implements ICommandHandler<CreateOperationCommand, CreatedOperation> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly preparer: OperationPreparer,
  ) {}

  async execute({
    userId,
    username,
    idempotencyKey,
    request,
    metadata,
  }: CreateOperationCommand): Promise<CreatedOperation> {
    const operationId = uuidV5(`operations:${userId}:${idempotencyKey.toLowerCase()}`);
    const stream = operationStream(operationId);
    const body = request.shape === 'A' ? request.operation : request.intent;
    const hash = requestHash(body);
    let prepared: PreparedRecord;
    try {
      prepared = await this.preparer.prepare(userId, request);
    } catch (error) {
      // A retry of a recorded request is answered with it, whatever preparing it again says now.
      const existing = await currentOutcome(this.store, stream, operationDecider);
      if (existing.state.status === 'none') throw error;
      if (existing.state.op.requestHash !== hash) throw new IdempotencyConflict();
      return { operationId, replayed: true, outcome: existing };
    }
    const outcome = await handleCommand(
      this.store,
      stream,
      operationDecider,
      {
        type: 'CreateOperation',
        data: {
          operationId,
          userId,
          username,
          requestHash: hash,
          source: null,
          at: this.clock.now().toISOString(),
          ...prepared,
        },
      },
      // A fresh key is the common case: the append itself finds a retry (it exists: read, decide).
      { metadata, assumeNew: true },
    );
    return { operationId, replayed: outcome.newEvents.length === 0, outcome };
  }
}
