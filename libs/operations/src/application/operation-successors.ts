import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventMetadata, EventStore } from '@vetted/event-store';
import { EVENT_STORE, currentOutcome, handleCommand, operationStream } from '@vetted/event-store';
import { CLOCK, extend, requestHash, type Clock, uuidV5 } from '@vetted/kernel';
import {
  type ExistingOperation,
  type OperationCommand,
  type SuccessorRelation,
  operationDecider,
} from '../domain';
import { reviewCanNoLongerExecute } from '../execution';
import type { ShapeBIntent } from '../shape-b';
import { type OperationOutcome, ownOperation } from './operation-lifecycle';
import { OperationPreparer, type PreparedRecord } from './operation-preparer';

/** `POST /v1/operations/{id}/next`: prepare a succeeded prerequisite's continuation, once. */
export class NextOperationCommand {
  constructor(
    readonly userId: string,
    readonly operationId: string,
    readonly metadata: EventMetadata,
  ) {}
}

/** `POST /v1/operations/{id}/refresh`: a fresh review of a swap whose quote failed or went stale. */
export class RefreshOperationCommand {
  constructor(
    readonly userId: string,
    readonly operationId: string,
    readonly metadata: EventMetadata,
  ) {}
}

export interface SuccessorOutcome {
  /** The operation the call was about, after linking its successor. */
  operation: OperationOutcome;
  successorId: string;
  successor: OperationOutcome;
}

/**
 * Both calls prepare a new operation from an existing one: the successor's id is derived from the
 * original's and the relation, so a repeated or concurrent call finds (or creates) the same one and
 * never quotes twice into two operations. Eligibility is the decider's: it is asked before anything
 * is quoted, and again when the link is recorded.
 */
abstract class SuccessorHandler {
  constructor(
    protected readonly store: EventStore,
    protected readonly clock: Clock,
    protected readonly preparer: OperationPreparer,
  ) {}

  protected async link(
    userId: string,
    operationId: string,
    relation: SuccessorRelation,
    metadata: EventMetadata,
    prepare: (op: ExistingOperation) => Promise<PreparedRecord>,
    staleQuote?: (op: ExistingOperation) => Promise<boolean | undefined>,
  ): Promise<SuccessorOutcome> {
    const state = await ownOperation(this.store, userId, operationId);
    const quoteStale = await staleQuote?.(state);
    const successorId = uuidV5(`operations:${relation}:${operationId}`);
    const command: OperationCommand = {
      type: 'LinkSuccessor',
      data: { successorId, relation, at: this.now(), ...(quoteStale !== undefined && { quoteStale }) },
    };
    operationDecider.decide(command, state);

    const successorStream = operationStream(successorId);
    let successor: OperationOutcome = await currentOutcome(this.store, successorStream, operationDecider);
    if (successor.state.status === 'none') {
      const prepared = await prepare(state);
      successor = await handleCommand(
        this.store,
        successorStream,
        operationDecider,
        {
          type: 'CreateOperation',
          data: extend(prepared, {
            operationId: successorId,
            userId,
            username: state.op.username,
            requestHash: requestHash(prepared.creationRequest),
            source: state.op.source,
            supersedes: relation === 'refresh' ? operationId : null,
            at: this.now(),
          }),
        },
        { metadata },
      );
    }
    const operation = await handleCommand(
      this.store,
      operationStream(operationId),
      operationDecider,
      command,
      {
        metadata,
      },
    );
    return { operation, successorId, successor };
  }

  private now(): string {
    return this.clock.now().toISOString();
  }
}

@CommandHandler(NextOperationCommand)
export class NextOperationHandler extends SuccessorHandler implements ICommandHandler<NextOperationCommand> {
  constructor(
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(CLOCK) clock: Clock,
    preparer: OperationPreparer,
  ) {
    super(store, clock, preparer);
  }

  execute({ userId, operationId, metadata }: NextOperationCommand): Promise<SuccessorOutcome> {
    return this.link(userId, operationId, 'next', metadata, (op) => {
      const continuation = op.op.continuation!;
      // The continuation's action is a checked intent: prepared (freshly quoted) as it stands.
      return this.preparer.prepareIntent(userId, continuation.action as ShapeBIntent, continuation.action);
    });
  }
}

@CommandHandler(RefreshOperationCommand)
export class RefreshOperationHandler
  extends SuccessorHandler
  implements ICommandHandler<RefreshOperationCommand>
{
  constructor(
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(CLOCK) clock: Clock,
    preparer: OperationPreparer,
  ) {
    super(store, clock, preparer);
  }

  execute({ userId, operationId, metadata }: RefreshOperationCommand): Promise<SuccessorOutcome> {
    return this.link(
      userId,
      operationId,
      'refresh',
      metadata,
      ({ op }) =>
        op.shape === 'A'
          ? this.preparer.prepare(userId, { shape: 'A', operation: op.creationRequest })
          : this.preparer.prepareIntent(userId, op.action as ShapeBIntent, op.creationRequest),
      // An unapproved review is refreshed only when it can no longer execute as captured.
      (state) =>
        state.status === 'awaitingApproval'
          ? reviewCanNoLongerExecute(state.op.actions, this.preparer.quoter, this.preparer.chain)
          : Promise.resolve(undefined),
    );
  }
}
