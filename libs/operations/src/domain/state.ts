import { extend } from '@vetted/kernel';
import type {
  LegEffect,
  LegReceipt,
  OperationCreatedData,
  OperationEvent,
  SuccessorRelation,
} from './events';

export type LegProgress =
  | { status: 'submitted'; submissionId: string }
  | { status: 'settled'; submissionId: string; receipt: LegReceipt }
  | { status: 'failed'; submissionId: string | null; code: string; error: string; effect: LegEffect };

interface Recorded {
  op: OperationCreatedData;
  /** Progress of each leg that was started, in order. */
  legs: readonly LegProgress[];
  /** Successors prepared from this operation, by relation (each at most once). */
  successors?: Partial<Record<SuccessorRelation, string>>;
}

/** The operation's lifecycle, a union keyed by status (the Shape A state names). */
export type OperationState =
  | { status: 'none' }
  | ({ status: 'awaitingApproval' } & Recorded)
  /** `approvedAt`: when it was approved (a Shape B operation's lifecycle deadline counts from it). */
  | ({ status: 'working'; approvedAt: string } & Recorded)
  | ({ status: 'done' } & Recorded)
  | ({ status: 'failed' | 'failed_before_effect'; errorCode: string; error: string } & Recorded)
  | ({ status: 'dismissed' } & Recorded)
  | ({ status: 'canceled'; reason: string } & Recorded);

export type ExistingOperation = Exclude<OperationState, { status: 'none' }>;

export const TERMINAL_STATUSES = ['done', 'failed', 'failed_before_effect', 'dismissed', 'canceled'] as const;

export const initialOperationState = (): OperationState => ({ status: 'none' });

export function evolveOperation(state: OperationState, event: OperationEvent): OperationState {
  if (event.type === 'OperationCreated')
    return state.status === 'none' ? { status: 'awaitingApproval', op: event.data, legs: [] } : state;
  if (state.status === 'none') return state;
  const { op, legs, successors } = state;
  switch (event.type) {
    case 'OperationApproved':
      return { status: 'working', op, legs, successors, approvedAt: event.data.at };
    case 'OperationDismissed':
      return { status: 'dismissed', op, legs, successors };
    case 'OperationCanceled':
      return { status: 'canceled', op, legs, successors, reason: event.data.reason };
    case 'SuccessorPrepared':
      return extend(state, {
        successors: extend(successors ?? {}, { [event.data.relation]: event.data.successorId }),
      });
    case 'LateReceiptRecorded': {
      const { leg, submissionId, receipt } = event.data;
      return extend(state, { legs: withLeg(legs, leg, { status: 'settled', submissionId, receipt }) });
    }
    case 'LateDropRecorded': {
      const { leg, submissionId, code, error } = event.data;
      return extend(state, {
        legs: withLeg(legs, leg, { status: 'failed', submissionId, code, error, effect: 'none' }),
      });
    }
    case 'LegSubmitted':
      return extend(state, {
        legs: withLeg(legs, event.data.leg, { status: 'submitted', submissionId: event.data.submissionId }),
      });
    case 'LegSettled': {
      const { leg, submissionId, receipt } = event.data;
      return extend(state, { legs: withLeg(legs, leg, { status: 'settled', submissionId, receipt }) });
    }
    case 'LegFailed': {
      const { leg, submissionId, code, error, effect } = event.data;
      return extend(state, {
        legs: withLeg(legs, leg, { status: 'failed', submissionId, code, error, effect }),
      });
    }
    case 'OperationSucceeded':
      return { status: 'done', op, legs, successors };
    case 'OperationFailed':
      return {
        status: event.data.outcome,
        op,
        legs,
        successors,
        errorCode: event.data.errorCode,
        error: event.data.error,
      };
    default: {
      const unknownEvent: never = event;
      return unknownEvent;
    }
  }
}

function withLeg(legs: readonly LegProgress[], index: number, progress: LegProgress): LegProgress[] {
  const next = [...legs];
  next[index] = progress;
  return next;
}
