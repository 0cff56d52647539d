import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventMetadata, EventStore } from '@vetted/event-store';
import { EVENT_STORE, currentOutcome, handleCommand, operationStream } from '@vetted/event-store';
import { CLOCK, Conflict, ValidationFailed, extend, requestHash, type Clock, uuidV5 } from '@vetted/kernel';
import {
  type ExistingOperation,
  IdempotencyConflict,
  type OperationCommand,
  type SuccessorRelation,
  intentRecipientWallet,
  operationDecider,
  recipientWalletOf,
} from '../domain';
import { reviewCanNoLongerExecute } from '../execution';
import type { QuoteFloor } from '../preparation';
import type { ShapeBIntent } from '../shape-b';
import { type OperationOutcome, ownOperation } from './operation-lifecycle';
import { type OperationWallets, requireActiveWallets } from './active-wallets';
import { OperationPreparer, type PreparedRecord } from './operation-preparer';

/** `POST /v1/operations/{id}/next`: prepare a succeeded prerequisite's continuation, once. */
export class NextOperationCommand {
  constructor(
    readonly userId: string,
    readonly operationId: string,
    readonly metadata: EventMetadata,
  ) {}
}

/**
 * `POST /v1/operations/{id}/refresh`: a fresh review of a swap whose quote failed or went stale.
 * A Shape A swap may take a new `quoteFloor`: the fresh review is a creation, refused below its
 * floor, so while the market stays under the original one only a new floor gets a review through.
 */
export class RefreshOperationCommand {
  constructor(
    readonly userId: string,
    readonly operationId: string,
    readonly metadata: EventMetadata,
    readonly quoteFloor: QuoteFloor | null = null,
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

  /** The wallets the successor would pay from and deliver to, checked before it is prepared. */
  protected abstract successorWallets(op: ExistingOperation): OperationWallets;

  protected async link(
    userId: string,
    operationId: string,
    relation: SuccessorRelation,
    metadata: EventMetadata,
    prepare: (op: ExistingOperation) => Promise<PreparedRecord>,
    staleQuote?: (op: ExistingOperation) => Promise<boolean | undefined>,
    /** Checks the call against the operation, and a successor made by an earlier call. */
    check?: (op: ExistingOperation, successor: ExistingOperation | null) => void,
  ): Promise<SuccessorOutcome> {
    const state = await ownOperation(this.store, userId, operationId);
    check?.(state, null);
    const quoteStale = await staleQuote?.(state);
    const successorId = uuidV5(`operations:${relation}:${operationId}`);
    const command: OperationCommand = {
      type: 'LinkSuccessor',
      data: { successorId, relation, at: this.now(), ...(quoteStale !== undefined && { quoteStale }) },
    };
    operationDecider.decide(command, state);

    const successorStream = operationStream(successorId);
    let successor: OperationOutcome = await currentOutcome(this.store, successorStream, operationDecider);
    if (successor.state.status !== 'none') check?.(state, successor.state);
    // Quoted before anything is recorded: a refused preparation leaves the original as it was.
    let prepared: PreparedRecord | null = null;
    if (successor.state.status === 'none') {
      await requireActiveWallets(this.store, userId, this.successorWallets(state));
      prepared = await prepare(state);
    }
    // Linked (and an unapproved original canceled) before the successor exists: the original's own
    // stream decides against a concurrent approval, so an original approved meanwhile gets no
    // successor, and two reviews of one intent can never both run. Before, the successor was
    // created first and stayed, approvable, when the link then lost to the approval. A crash
    // between the two writes leaves the link alone; a repeated call creates the successor.
    const operation = await handleCommand(
      this.store,
      operationStream(operationId),
      operationDecider,
      command,
      { metadata },
    );
    if (prepared !== null)
      try {
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
      } catch (error) {
        // A concurrent call made the successor from another request (a refresh with another floor,
        // or none): this call is answered as a repeat made after it would be (found by a probe:
        // it answered the create's "this idempotencyKey was already used", of a key never sent).
        if (!(error instanceof IdempotencyConflict)) throw error;
        successor = await currentOutcome(this.store, successorStream, operationDecider);
        if (successor.state.status === 'none') throw error;
        check?.(state, successor.state);
      }
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

  /** The continuation's own: a swap that delivers to another wallet needs that one active too. */
  protected successorWallets({ op }: ExistingOperation): OperationWallets {
    const { action, walletId } = op.continuation!;
    return { of: 'the continuation', source: walletId, recipient: intentRecipientWallet(action) };
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

  execute({ userId, operationId, metadata, quoteFloor }: RefreshOperationCommand): Promise<SuccessorOutcome> {
    return this.link(
      userId,
      operationId,
      'refresh',
      metadata,
      ({ op }) =>
        op.shape === 'A'
          ? this.preparer.prepare(userId, {
              shape: 'A',
              operation: quoteFloor ? withQuoteFloor(op.creationRequest, quoteFloor) : op.creationRequest,
            })
          : this.preparer.prepareIntent(userId, op.action as ShapeBIntent, op.creationRequest),
      // An unapproved review is refreshed only when it can no longer execute as captured.
      (state) =>
        state.status === 'awaitingApproval'
          ? reviewCanNoLongerExecute(state.op.actions, this.preparer.quoter, this.preparer.chain)
          : Promise.resolve(undefined),
      quoteFloor === null ? undefined : (state, successor) => checkNewFloor(state, successor, quoteFloor),
    );
  }

  /** The operation's own: its fresh review pays from and delivers to the same wallets. */
  protected successorWallets({ op }: ExistingOperation): OperationWallets {
    return { of: 'this operation', source: op.walletId, recipient: recipientWalletOf(op) };
  }
}

interface SwapRequest {
  swapIntent: { quoteFloor: QuoteFloor };
}

function withQuoteFloor(creationRequest: unknown, quoteFloor: QuoteFloor): unknown {
  const request = creationRequest as SwapRequest;
  return extend(request, { swapIntent: extend(request.swapIntent, { quoteFloor }) });
}

/** A new floor is for a Shape A swap, and a repeat must ask for the floor the fresh review has. */
function checkNewFloor(
  state: ExistingOperation,
  successor: ExistingOperation | null,
  quoteFloor: QuoteFloor,
): void {
  const { op } = state;
  if (op.shape !== 'A' || (op.creationRequest as { kind?: string }).kind !== 'swap')
    throw ValidationFailed.field(
      'quoteFloor',
      'is taken only by a Shape A swap (a Shape B review sets its own bar)',
    );
  if (successor === null) return;
  const given = (successor.op.creationRequest as SwapRequest).swapIntent.quoteFloor;
  if (given.sellRaw !== quoteFloor.sellRaw || given.receiveRaw !== quoteFloor.receiveRaw)
    throw new RefreshConflict(successor.op.operationId);
}

/** A repeated refresh asking for another quote floor than the fresh review it already made. */
export class RefreshConflict extends Conflict {
  constructor(successorId: string) {
    super(
      'IDEMPOTENCY_CONFLICT',
      `this operation was already refreshed (${successorId}) with another quote floor; refresh that one, or discard it and create a new operation`,
    );
  }
}
