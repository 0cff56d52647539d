import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { accountDecider } from '@vetted/accounts';
import type { EventMetadata, EventStore } from '@vetted/event-store';
import { EVENT_STORE, accountStream, handleCommand, loadState, operationStream } from '@vetted/event-store';
import { CLOCK, type Clock, requestHash, uuidV5, ValidationFailed } from '@vetted/kernel';
import type {
  ChainClient,
  PerpVenue,
  PredictionVenue,
  PriceReader,
  SwapQuoter,
  TokenDirectory,
} from '@vetted/venues';
import {
  CHAIN_CLIENT,
  PERP_VENUE,
  PREDICTION_VENUE,
  PRICE_READER,
  SWAP_QUOTER,
  TOKEN_DIRECTORY,
} from '@vetted/venues';
import { IdempotencyConflict, operationDecider } from '../domain';
import type { PreparationPorts, PreparationWallet } from '../preparation';
import { prepareShapeA } from '../preparation';
import type { OperationOutcome } from './operation-lifecycle';

export class CreateOperationCommand {
  constructor(
    readonly userId: string,
    readonly username: string,
    readonly idempotencyKey: string,
    /** The Shape A `operation` as the client sent it (validated by preparation, with field paths). */
    readonly operation: unknown,
    readonly metadata: EventMetadata,
  ) {}
}

export interface CreatedOperation {
  operationId: string;
  /** The same key and request were recorded before: the original operation, never re-quoted. */
  replayed: boolean;
  outcome: OperationOutcome;
}

/**
 * Records a reviewed, quoted operation; creation never moves money. The stream id is derived from
 * (endpoint, user, idempotency key), so one `no_stream` append decides concurrent retries: the
 * loser finds the winner's request and answers it (same request) or 409 (another request).
 */
@CommandHandler(CreateOperationCommand)
export class CreateOperationHandler implements ICommandHandler<CreateOperationCommand, CreatedOperation> {
  private readonly ports: PreparationPorts;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PRICE_READER) prices: PriceReader,
    @Inject(SWAP_QUOTER) quoter: SwapQuoter,
    @Inject(CHAIN_CLIENT) chain: ChainClient,
    @Inject(PERP_VENUE) perps: PerpVenue,
    @Inject(PREDICTION_VENUE) predict: PredictionVenue,
    @Inject(TOKEN_DIRECTORY) tokens: TokenDirectory,
  ) {
    this.ports = { prices, quoter, chain, perps, predict, tokens };
  }

  async execute({
    userId,
    username,
    idempotencyKey,
    operation,
    metadata,
  }: CreateOperationCommand): Promise<CreatedOperation> {
    const operationId = uuidV5(`operations:${userId}:${idempotencyKey.toLowerCase()}`);
    const stream = operationStream(operationId);
    const hash = requestHash(operation);
    const existing = await loadState(this.store, stream, operationDecider);
    if (existing.status !== 'none') {
      if (existing.op.requestHash !== hash) throw new IdempotencyConflict();
      return {
        operationId,
        replayed: true,
        outcome: { state: existing, newEvents: [], revision: -1, position: null },
      };
    }

    const wallets = await this.walletsOf(userId);
    const walletId = (operation as { walletId?: unknown } | null)?.walletId;
    const wallet = wallets.find((w) => w.id === walletId);
    if (!wallet) throw ValidationFailed.field('operation.walletId', 'must be one of your wallets');
    const prepared = await prepareShapeA(operation, { wallet, wallets, ports: this.ports });

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
          shape: 'A',
          kind: 'action_sequence',
          walletId: wallet.id,
          requestHash: hash,
          creationRequest: operation,
          actions: prepared.actions,
          source: null,
          at: this.clock.now().toISOString(),
        },
      },
      { metadata },
    );
    return { operationId, replayed: outcome.newEvents.length === 0, outcome };
  }

  private async walletsOf(userId: string): Promise<PreparationWallet[]> {
    const account = await loadState(this.store, accountStream(userId), accountDecider);
    if (account.status !== 'active') return [];
    return [...account.wallets.values()].flatMap((w) =>
      w.address === null ? [] : [{ id: w.id, family: w.family, address: w.address, archived: w.archived }],
    );
  }
}
