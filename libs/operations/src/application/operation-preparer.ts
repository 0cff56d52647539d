import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@vetted/event-store';
import { EVENT_STORE } from '@vetted/event-store';
import { CLOCK, type Clock, ValidationFailed, extend } from '@vetted/kernel';
import type { Collection, ReadStore } from '@vetted/read-store';
import { READ_STORE } from '@vetted/read-store';
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
import { type CapturedAction, type OperationCreatedData, deliveryAddress } from '../domain';
import type { PreparationContext, PreparationPorts, PreparationWallet } from '../preparation';
import { prepareShapeA, readShapeAOperation, unusableWallet } from '../preparation';
import { INTENT_PATH, prepareShapeB, readShapeBIntent, type ShapeBIntent } from '../shape-b';
import type { OperationDocument } from '../read-model/operations/operation-document';
import { operationsCollection } from '../read-model/operations/operations-projection';
import { unfinishedLegs } from './unfinished-legs';
import { preparationWallets } from './preparation-wallets';

/**
 * The create request in the shape the client spoke (api-decisions §4): Shape A's `operation` or
 * Shape B's `intent`, as sent (checked by preparation, with field paths).
 */
export type CreateRequest = { shape: 'A'; operation: unknown } | { shape: 'B'; intent: unknown };

/** What a prepared operation records, besides who asked and when. */
export type PreparedRecord = Pick<
  OperationCreatedData,
  | 'shape'
  | 'kind'
  | 'walletId'
  | 'creationRequest'
  | 'actions'
  | 'action'
  | 'review'
  | 'continuation'
  | 'recipientWalletId'
  | 'venueTransfer'
  | 'swapSymbols'
  | 'approvedSymbol'
>;

/**
 * Quotes and captures a request in its shape, for creation and for the operations prepared from
 * others (a continuation's successor, a refreshed review). Nothing is submitted or recorded here.
 */
@Injectable()
export class OperationPreparer {
  private readonly ports: PreparationPorts;
  private readonly operations: Collection<OperationDocument>;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_STORE) readStore: ReadStore,
    @Inject(PRICE_READER) prices: PriceReader,
    @Inject(SWAP_QUOTER) quoter: SwapQuoter,
    @Inject(CHAIN_CLIENT) chain: ChainClient,
    @Inject(PERP_VENUE) perps: PerpVenue,
    @Inject(PREDICTION_VENUE) predict: PredictionVenue,
    @Inject(TOKEN_DIRECTORY) tokens: TokenDirectory,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.ports = { prices, quoter, chain, perps, predict, tokens };
    this.operations = readStore.collection(operationsCollection);
  }

  get quoter(): SwapQuoter {
    return this.ports.quoter;
  }

  get chain(): ChainClient {
    return this.ports.chain;
  }

  /** Quotes and captures the request in its shape; the wallet must be one of the caller's. */
  async prepare(userId: string, request: CreateRequest): Promise<PreparedRecord> {
    if (request.shape === 'B')
      return this.prepareIntent(userId, readShapeBIntent(request.intent), request.intent);
    const { wallets, undeployed } = await preparationWallets(this.store, userId);
    const { operation } = request;
    const walletId = (operation as { walletId?: unknown } | null)?.walletId;
    // Not an id: the request's own check says so, with its other problems (a missing walletId "is
    // required"); what is not an id is never called someone else's wallet.
    if (!(Number.isSafeInteger(walletId) && (walletId as number) > 0)) {
      readShapeAOperation(operation);
      throw ValidationFailed.field('operation.walletId', 'must be a wallet id (a positive integer)');
    }
    const wallet = wallets.find((w) => w.id === walletId);
    if (!wallet)
      throw ValidationFailed.field(
        'operation.walletId',
        unusableWallet(walletId as number, undeployed, 'must be one of your wallets'),
      );
    const prepared = await prepareShapeA(operation, this.context(userId, wallet, wallets, undeployed));
    return {
      shape: 'A',
      kind: 'action_sequence',
      walletId: wallet.id,
      creationRequest: operation,
      actions: prepared.actions,
      ...delivery(prepared.actions, wallets, wallet),
      ...symbolsOf(prepared.review),
    };
  }

  /** A checked Shape B intent (`creationRequest`: what the client sent, or the intent itself). */
  async prepareIntent(
    userId: string,
    intent: ShapeBIntent,
    creationRequest: unknown,
  ): Promise<PreparedRecord> {
    const { wallets, undeployed } = await preparationWallets(this.store, userId);
    const wallet = wallets.find((w) => w.id === intent.walletId);
    if (!wallet)
      throw ValidationFailed.field(
        `${INTENT_PATH}.walletId`,
        unusableWallet(intent.walletId, undeployed, 'must be one of your wallets'),
      );
    const prepared = await prepareShapeB(intent, this.context(userId, wallet, wallets, undeployed));
    return {
      shape: 'B',
      kind: prepared.type,
      walletId: wallet.id,
      creationRequest,
      actions: prepared.actions,
      action: prepared.action,
      review: prepared.review,
      continuation: prepared.continuation,
      ...delivery(prepared.actions, wallets, wallet),
      ...symbolsOf(prepared.review),
    };
  }

  private context(
    userId: string,
    wallet: PreparationWallet,
    wallets: readonly PreparationWallet[],
    undeployed: readonly number[],
  ): PreparationContext {
    let executing: Promise<CapturedAction[]> | undefined;
    return {
      wallet,
      wallets,
      undeployed,
      ports: this.ports,
      now: () => this.clock.now(),
      executing: () =>
        (executing ??= unfinishedLegs(this.operations, userId, wallet.id).then((legs) =>
          legs.map((leg) => leg.action),
        )),
    };
  }
}

/**
 * Where value goes, as far as the caller's wallets tell: to another of their active wallets (where
 * `deliveryAddress` says a transaction delivers, however the request named it), into a venue through
 * their deposit wallet there, or out of the venue from it. Recorded only when there is something to
 * say, so other operations' events stay as they were.
 */
function delivery(
  actions: readonly CapturedAction[],
  wallets: readonly PreparationWallet[],
  payer: PreparationWallet,
): Pick<PreparedRecord, 'recipientWalletId' | 'venueTransfer'> {
  for (const action of actions) {
    if (action.kind !== 'chain') continue;
    const { tx } = action;
    const to = deliveryAddress(tx);
    if (to === null) continue;
    const recipient = wallets.find((wallet) => !wallet.archived && wallet.address === to);
    const own = recipient ? { recipientWalletId: recipient.id } : {};
    if (tx.kind !== 'transfer') return own;
    if (recipient?.venue)
      return extend(own, { venueTransfer: { direction: 'deposit' as const, venue: recipient.venue } });
    return payer.venue
      ? extend(own, { venueTransfer: { direction: 'withdrawal' as const, venue: payer.venue } })
      : own;
  }
  return {};
}

/**
 * The tokens a swap or a token approval names, as its review shows them (Shape A's `kind` or
 * Shape B's `type`): activity titles name them also where nothing of them moved.
 */
function symbolsOf(review: unknown): Pick<PreparedRecord, 'swapSymbols' | 'approvedSymbol'> {
  const shown = review as {
    kind?: unknown;
    type?: unknown;
    spend?: { symbol?: unknown };
    quotedReceive?: { symbol?: unknown };
    token?: { symbol?: unknown };
  } | null;
  const kind = shown?.kind ?? shown?.type;
  if (kind === 'tokenApproval' && typeof shown?.token?.symbol === 'string')
    return { approvedSymbol: shown.token.symbol };
  if (kind !== 'swap') return {};
  const [spend, receive] = [shown?.spend?.symbol, shown?.quotedReceive?.symbol];
  return typeof spend === 'string' && typeof receive === 'string' ? { swapSymbols: { spend, receive } } : {};
}
