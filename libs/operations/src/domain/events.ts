import type { DomainEvent } from '@vetted/event-store';

/** The request language an operation was created in; every read renders it in that shape. */
export type OperationShape = 'A' | 'B';

import type { CapturedAction } from './actions';

/** What a settled leg's receipt says, as the activity items and `txs` need it. */
export interface LegReceipt {
  hash: string;
  network: string;
  status: 'success' | 'reverted';
  blockNumber: number | null;
  feeRaw: string;
  transfers: {
    network: string;
    token: string | null;
    from: string | null;
    to: string | null;
    amountRaw: string;
    purpose: 'value' | 'fee';
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
}

/** Every event of an operation stream (`operation-<uuid>`). */
export type OperationEvent =
  | DomainEvent<'OperationCreated', OperationCreatedData>
  | DomainEvent<'OperationApproved', { operationId: string; userId: string; at: string }>
  | DomainEvent<'OperationDismissed', { operationId: string; userId: string; at: string }>
  | DomainEvent<'OperationCanceled', { operationId: string; reason: string; at: string }>
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
  | DomainEvent<'OperationSucceeded', { operationId: string; at: string }>
  | DomainEvent<
      'OperationFailed',
      {
        operationId: string;
        outcome: 'failed' | 'failed_before_effect';
        errorCode: string;
        error: string;
        at: string;
      }
    >;

export type OperationEventType = OperationEvent['type'];
