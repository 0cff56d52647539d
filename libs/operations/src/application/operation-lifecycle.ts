import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandOutcome, EventMetadata, EventStore } from '@vetted/event-store';
import { EVENT_STORE, handleCommand, loadState, operationStream } from '@vetted/event-store';
import { CLOCK, type Clock, NotFound } from '@vetted/kernel';
import type { ExistingOperation, OperationCommand, OperationEvent, OperationState } from '../domain';
import { operationDecider, recipientWalletOf } from '../domain';
import { activeWallets } from './active-wallets';

export type OperationOutcome = CommandOutcome<OperationState, OperationEvent>;

export class ApproveOperationCommand {
  constructor(
    readonly userId: string,
    readonly operationId: string,
    readonly metadata: EventMetadata,
  ) {}
}

export class DiscardOperationCommand {
  constructor(
    readonly userId: string,
    readonly operationId: string,
    readonly metadata: EventMetadata,
  ) {}
}

/** The caller's operation; another user's is answered exactly like a missing one. */
export async function ownOperation(
  store: EventStore,
  userId: string,
  operationId: string,
): Promise<ExistingOperation> {
  const state = await loadState(store, operationStream(operationId), operationDecider);
  if (state.status === 'none' || state.op.userId !== userId) throw new NotFound(`operation ${operationId}`);
  return state;
}

abstract class OperationHandler {
  constructor(
    protected readonly store: EventStore,
    protected readonly clock: Clock,
  ) {}

  protected decide(
    operationId: string,
    command: OperationCommand,
    metadata: EventMetadata,
  ): Promise<OperationOutcome> {
    return handleCommand(this.store, operationStream(operationId), operationDecider, command, { metadata });
  }
}

/** The only step towards money: the executor process manager picks the approval up. */
@CommandHandler(ApproveOperationCommand)
export class ApproveOperationHandler
  extends OperationHandler
  implements ICommandHandler<ApproveOperationCommand>
{
  constructor(@Inject(EVENT_STORE) store: EventStore, @Inject(CLOCK) clock: Clock) {
    super(store, clock);
  }

  async execute({ userId, operationId, metadata }: ApproveOperationCommand): Promise<OperationOutcome> {
    const operation = await ownOperation(this.store, userId, operationId);
    const active = await activeWallets(this.store, userId);
    const recipient = recipientWalletOf(operation.op);
    const data = {
      userId,
      sourceWalletActive: active(operation.op.walletId),
      ...(recipient === undefined ? {} : { recipientWalletActive: active(recipient) }),
      at: this.clock.now().toISOString(),
    };
    return this.decide(operationId, { type: 'ApproveOperation', data }, metadata);
  }
}

@CommandHandler(DiscardOperationCommand)
export class DiscardOperationHandler
  extends OperationHandler
  implements ICommandHandler<DiscardOperationCommand>
{
  constructor(@Inject(EVENT_STORE) store: EventStore, @Inject(CLOCK) clock: Clock) {
    super(store, clock);
  }

  async execute({ userId, operationId, metadata }: DiscardOperationCommand): Promise<OperationOutcome> {
    await ownOperation(this.store, userId, operationId);
    return this.decide(
      operationId,
      { type: 'DiscardOperation', data: { userId, at: this.clock.now().toISOString() } },
      metadata,
    );
  }
}
