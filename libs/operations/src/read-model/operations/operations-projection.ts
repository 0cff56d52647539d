import { extend } from '@vetted/kernel';
import type { Projection } from '@vetted/read-store';
import type { CapturedAction, LegReceipt, OperationEvent } from '../../domain';
import type { OperationDocument, OperationLegView } from './operation-document';

const FILTERS = ['state', 'kind', 'walletId'] as const;

/** Every combination of the list filters, each an index on the owner plus those fields, newest first. */
export const operationsCollection = {
  name: 'operations',
  version: 3,
  indexes: Array.from({ length: 1 << FILTERS.length }, (_, mask) => {
    const fields = FILTERS.filter((_, i) => mask & (1 << i));
    return { name: ['byUser', ...fields].join('_'), equality: ['userId', ...fields], orderBy: 'createdAt' };
  }),
};

function networkOf(action: CapturedAction): string | null {
  if (action.kind === 'chain') return action.tx.network;
  return action.kind === 'perpOrder' || action.kind === 'spotOrder' ? 'perps' : 'polygon';
}

const pendingLeg = (action: CapturedAction, index: number): OperationLegView => ({
  index,
  kind: action.kind === 'chain' ? action.tx.kind : action.kind,
  network: networkOf(action),
  status: 'pending',
  submissionId: null,
  txHash: null,
  error: null,
});

function withLeg(
  doc: OperationDocument,
  index: number,
  change: Partial<OperationLegView>,
): OperationLegView[] {
  return doc.legs.map((leg) => (leg.index === index ? Object.assign({}, leg, change) : leg));
}

/** A leg's receipt, on time or late (marked `late`): the leg shows its transaction, `txs` lists it. */
function withReceipt(
  doc: OperationDocument,
  leg: number,
  receipt: LegReceipt & { late?: true },
  updatedAt: string,
): OperationDocument {
  return extend(doc, {
    legs: withLeg(doc, leg, {
      status: receipt.status === 'success' ? 'settled' : 'reverted',
      txHash: receipt.hash,
    }),
    receipts: [...doc.receipts, receipt],
    updatedAt,
  });
}

export const operationsProjection: Projection<OperationDocument> = {
  name: 'operations',
  collection: operationsCollection,
  canHandle: [
    'OperationCreated',
    'OperationApproved',
    'OperationDismissed',
    'OperationCanceled',
    'LegSubmitted',
    'LegSettled',
    'LegFailed',
    'OperationSucceeded',
    'OperationFailed',
    'SuccessorPrepared',
    'LateReceiptRecorded',
    'LateDropRecorded',
  ],
  guard: 'revision',
  documentId: (event) => (event.data as { operationId: string }).operationId,
  evolve(doc, recorded) {
    const event = recorded as unknown as OperationEvent;
    if (event.type === 'OperationCreated') {
      const { operationId, userId, shape, kind, walletId, creationRequest, actions, source, at } = event.data;
      const { action = null, review = null, continuation = null, supersedes = null } = event.data;
      return (
        doc ?? {
          id: operationId,
          userId,
          shape,
          kind,
          walletId,
          state: 'awaitingApproval',
          createdAt: at,
          updatedAt: at,
          creationRequest,
          actions,
          legs: actions.map(pendingLeg),
          receipts: [],
          error: null,
          errorCode: null,
          source,
          action,
          review,
          continuation,
          supersedes,
          successors: {},
        }
      );
    }
    if (doc === null) return null;
    const updatedAt = event.data.at;
    switch (event.type) {
      case 'OperationApproved':
        return extend(doc, { state: 'working', updatedAt });
      case 'OperationDismissed':
        return extend(doc, { state: 'dismissed', updatedAt });
      case 'OperationCanceled':
        return extend(doc, { state: 'canceled', updatedAt });
      case 'LegSubmitted':
        return extend(doc, {
          legs: withLeg(doc, event.data.leg, { status: 'submitted', submissionId: event.data.submissionId }),
          updatedAt,
        });
      case 'LegSettled':
        return withReceipt(doc, event.data.leg, event.data.receipt, updatedAt);
      case 'LegFailed':
        return extend(doc, {
          legs: withLeg(doc, event.data.leg, { status: 'failed', error: event.data.error }),
          updatedAt,
        });
      case 'OperationSucceeded':
        return extend(doc, { state: 'done', updatedAt });
      case 'SuccessorPrepared':
        return extend(doc, {
          successors: extend(doc.successors, { [event.data.relation]: event.data.successorId }),
          updatedAt,
        });
      case 'LateReceiptRecorded':
        return withReceipt(doc, event.data.leg, extend(event.data.receipt, { late: true }), updatedAt);
      // The timeout's error said the leg may still land; now it is known that it will not.
      case 'LateDropRecorded':
        return extend(doc, {
          legs: withLeg(doc, event.data.leg, { status: 'failed', error: event.data.error }),
          error: `${doc.error ?? ''} Since then: ${event.data.error}`.trim(),
          updatedAt,
        });
      case 'OperationFailed':
        return extend(doc, {
          state: event.data.outcome,
          error: event.data.error,
          errorCode: event.data.errorCode,
          updatedAt,
        });
      default: {
        const unknownEvent: never = event;
        return unknownEvent;
      }
    }
  },
};
