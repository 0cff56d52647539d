import type { DomainEvent } from '@vetted/event-store';

/** The request language an operation was created in; every read renders it in that shape. */
export type OperationShape = 'A' | 'B';

import type { CapturedAction } from './actions';

/** What a settled leg's receipt says, as the activity items and `txs` need it. */
export interface LegReceipt {
  hash: string;
  network: string;
  /**
   * What the leg was: its chain transaction's kind (`approve`, `swap`, `transfer`, `evmCall`,
   * `solanaTransaction`) or its venue order's (`perpOrder`, `spotOrder`, `predictionBuy`, ...).
   * Absent from receipts recorded before it was.
   */
  legKind?: string;
  /** A reverted transaction's reason, as the chain gave it (absent from receipts recorded before). */
  error?: string;
  status: 'success' | 'reverted';
  blockNumber: number | null;
  feeRaw: string;
  /** Every movement, the fee included; `symbol`/`decimals` are added when the executor records it. */
  transfers: {
    network: string;
    token: string | null;
    from: string | null;
    to: string | null;
    amountRaw: string;
    purpose: 'value' | 'fee';
    symbol?: string;
    decimals?: number;
    /** On another network than the receipt's (a cross-chain delivery): the block it landed in there. */
    blockNumber?: number;
  }[];
}

/** `none`: the outside world never saw it; `possible`: it may have had an effect (uncertain, timeout). */
export type LegEffect = 'none' | 'possible';

export interface OperationCreatedData {
  operationId: string;
  userId: string;
  username: string;
  shape: OperationShape;
  kind: string;
  walletId: number;
  /** SHA-256 of the canonical request: the same idempotency key with another request is a conflict. */
  requestHash: string;
  creationRequest: unknown;
  actions: CapturedAction[];
  source: { kind: string } | null;
  at: string;
  /** Shape B: the action this operation performs (the intent as prepared, or a prerequisite's). */
  action?: unknown;
  /** Shape B: what the person reviewed before approving. */
  review?: unknown;
  /** Shape B: the successor a prerequisite leads to, prepared by `next` once this one succeeded. */
  continuation?: Continuation | null;
  /** The operation this one re-reviews with a fresh quote (`refresh`). */
  supersedes?: string | null;
  /**
   * Another of the caller's wallets the operation delivers to (a send's or a swap's recipient),
   * however the request named it: preparation knows the caller's wallets, the decider does not. The
   * activity item shows its side, and approval requires it to be active still.
   */
  recipientWalletId?: number;
  /** A transfer into or out of the caller's deposit wallet at a venue (activity titles name it). */
  venueTransfer?: VenueTransfer;
  /**
   * A swap's two tokens as its review named them (activity titles name them, also for a swap that
   * failed after its approval leg and so moved neither).
   */
  swapSymbols?: SwapSymbols;
  /** A token approval's token as its review named it (its activity title names it; it moves none). */
  approvedSymbol?: string;
}

/** Value moved into a venue (`deposit`) or out of it (`withdrawal`), named as people know the venue. */
export interface VenueTransfer {
  direction: 'deposit' | 'withdrawal';
  venue: string;
}

/** A prerequisite's successor: its intent, a label a person reads, the wallet it runs on. */
export interface Continuation {
  action: unknown;
  label: string;
  walletId: number;
}

/** `next`: the continuation's successor; `refresh`: a re-review with a fresh quote. */
export type SuccessorRelation = 'next' | 'refresh';

export interface OperationOutcomeFacts {
  userId: string;
  username: string;
  walletId: number;
  kind: string;
  creationRequest: unknown;
  /** Receipts of every settled leg, in order: what reached a chain or venue. */
  receipts: LegReceipt[];
  /** The paying wallet's address, and where a swap delivered if not to it (from the captured actions). */
  payer: string | null;
  deliveredTo: string | null;
  /** A swap's source and destination networks, when the captured route crosses networks. */
  route: { source: string; destination: string } | null;
  /** Present when the operation moved value into or out of a venue's deposit wallet. */
  venueTransfer?: VenueTransfer;
  /** A swap's two tokens, when its creation recorded them. */
  swapSymbols?: SwapSymbols;
  /** A token approval's token, when its creation recorded it. */
  approvedSymbol?: string;
}

/** What a swap spends and receives, by the symbols its review showed. */
export interface SwapSymbols {
  spend: string;
  receive: string;
}

/** Every event of an operation stream (`operation-<uuid>`). */
export type OperationEvent =
  | DomainEvent<'OperationCreated', OperationCreatedData>
  | DomainEvent<'OperationApproved', { operationId: string; userId: string; at: string }>
  | DomainEvent<'OperationDismissed', { operationId: string; userId: string; at: string }>
  | DomainEvent<'OperationCanceled', { operationId: string; reason: string; at: string }>
  /** A successor operation was prepared from this one (its id is derived from this one's and the relation). */
  | DomainEvent<
      'SuccessorPrepared',
      { operationId: string; successorId: string; relation: SuccessorRelation; at: string }
    >
  /**
   * A leg's receipt that arrived after the operation had failed (its outcome was unknown at the
   * deadline): recorded, nothing re-decided. `failure` is the failed operation as it now stands,
   * its receipts with this one, for its activity item (absent on events recorded before it was).
   */
  | DomainEvent<
      'LateReceiptRecorded',
      {
        operationId: string;
        leg: number;
        submissionId: string;
        receipt: LegReceipt;
        at: string;
        failure?: { errorCode: string; error: string } & OperationOutcomeFacts;
      }
    >
  /**
   * A leg whose outcome was unknown at the deadline was dropped afterwards: it never executed and
   * will not (a Solana transaction whose blockhash expired). Recorded, nothing re-decided.
   */
  | DomainEvent<
      'LateDropRecorded',
      { operationId: string; leg: number; submissionId: string; code: string; error: string; at: string }
    >
  /** The executor's intent, recorded before it submits under this deterministic id. */
  | DomainEvent<'LegSubmitted', { operationId: string; leg: number; submissionId: string; at: string }>
  | DomainEvent<
      'LegSettled',
      { operationId: string; leg: number; submissionId: string; receipt: LegReceipt; at: string }
    >
  | DomainEvent<
      'LegFailed',
      {
        operationId: string;
        leg: number;
        submissionId: string | null;
        code: string;
        error: string;
        effect: LegEffect;
        at: string;
      }
    >
  /** Terminal events say whose operation it was and what reached a chain (the activity item is made of them). */
  | DomainEvent<'OperationSucceeded', { operationId: string; at: string } & OperationOutcomeFacts>
  | DomainEvent<
      'OperationFailed',
      {
        operationId: string;
        outcome: 'failed' | 'failed_before_effect';
        errorCode: string;
        error: string;
        at: string;
      } & OperationOutcomeFacts
    >;

export type OperationEventType = OperationEvent['type'];
