import type { StoredDocument } from '@vetted/read-store';
import type {
  CapturedAction,
  Continuation,
  LegReceipt,
  OperationShape,
  SuccessorRelation,
} from '../../domain';

export type OperationStatus =
  'awaitingApproval' | 'working' | 'done' | 'failed' | 'failed_before_effect' | 'dismissed' | 'canceled';

export interface OperationLegView {
  index: number;
  kind: string;
  network: string | null;
  status: 'pending' | 'submitted' | 'settled' | 'reverted' | 'failed';
  submissionId: string | null;
  txHash: string | null;
  error: string | null;
}

/** One operation, fed by its own stream (`operation-<uuid>`), rendered in the shape it was created in. */
export interface OperationDocument extends StoredDocument {
  id: string;
  userId: string;
  shape: OperationShape;
  kind: string;
  walletId: number;
  state: OperationStatus;
  createdAt: string;
  updatedAt: string;
  creationRequest: unknown;
  actions: CapturedAction[];
  legs: OperationLegView[];
  receipts: LegReceipt[];
  error: string | null;
  errorCode: string | null;
  source: { kind: string } | null;
  /** Shape B: the action this operation performs, and what the person reviewed. */
  action: unknown;
  review: unknown;
  continuation: Continuation | null;
  supersedes: string | null;
  /** Successors prepared from this one: the continuation's (`next`), a re-review (`refresh`). */
  successors: Partial<Record<SuccessorRelation, string>>;
}
