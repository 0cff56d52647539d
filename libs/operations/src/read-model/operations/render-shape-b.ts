import { extend } from '@vetted/kernel';
import type { LegReceipt } from '../../domain';
import { intentOnTheWire, type ShapeBIntent } from '../../shape-b/intent';
import type { OperationDocument, OperationStatus } from './operation-document';

/** Shape B's three-state resource, plus `dismissed` (api-decisions §5). */
export type ShapeBState = 'pending' | 'succeeded' | 'failed' | 'dismissed';

/** One receipt, typed by what reached the outside world. */
export interface ShapeBReceipt {
  type: 'chainTransaction' | 'perpOrder' | 'spotOrder' | 'predictionOrder';
  leg: number;
  network: string;
  hash: string;
  status: 'success' | 'reverted';
  blockNumber: number | null;
  explorerUrl: string;
  /** The native (or venue) fee charged, raw. */
  feeRaw: string;
  transfers: LegReceipt['transfers'];
  /** Venue orders: what filled (an IOC may fill part of its size, or nothing). */
  fill?: unknown;
  /** Recorded after the operation had already failed on its lifecycle deadline. */
  late?: true;
}

export interface ShapeBContinuation {
  action: unknown;
  label: string;
  walletId: number;
  /** Null until `next` prepared the successor; then the successor resource itself. */
  operation: ShapeBResource | null;
}

export interface ShapeBResource {
  id: string;
  kind: string;
  state: ShapeBState;
  /** Present only while pending approval. */
  approvalRequired?: true;
  /** The engine's detailed status (`awaitingApproval`, `working`, `done`, `failed_before_effect`, ...). */
  status: OperationStatus;
  receipts: ShapeBReceipt[];
  walletId: number;
  request: { action: unknown; review: unknown };
  continuation: ShapeBContinuation | null;
  /** When succeeded: the transactions, and what venue orders filled (an IOC may fill part of its size). */
  result?: { txHashes: string[]; fills: unknown[] };
  error?: string;
  errorCode?: string;
  /** The operation this one re-reviews with a fresh quote. */
  supersedes: string | null;
  /** The fresh review that replaced this one (`refresh`). */
  supersededBy?: string;
  source: { kind: string } | null;
  createdAt: string;
  updatedAt: string;
}

const STATES: Record<OperationStatus, ShapeBState> = {
  awaitingApproval: 'pending',
  working: 'pending',
  done: 'succeeded',
  failed: 'failed',
  failed_before_effect: 'failed',
  dismissed: 'dismissed',
  canceled: 'dismissed',
};

const TERMINAL_FAILURES = new Set<OperationStatus>(['failed', 'failed_before_effect', 'canceled']);

function receiptType(kind: string | undefined): ShapeBReceipt['type'] {
  if (kind === 'perpOrder' || kind === 'spotOrder') return kind;
  if (kind?.startsWith('prediction')) return 'predictionOrder';
  return 'chainTransaction';
}

/**
 * The Shape B resource of an operation created in Shape B. `successor` is the continuation's
 * successor, already rendered (the caller reads it: the resource nests it recursively).
 */
export function renderShapeB(
  doc: OperationDocument,
  explorerUrl: (hash: string) => string,
  successor: ShapeBResource | null,
): ShapeBResource {
  const legOf = new Map(doc.legs.map((leg) => [leg.txHash, leg]));
  const resource: ShapeBResource = {
    id: doc.id,
    kind: doc.kind,
    state: STATES[doc.state],
    status: doc.state,
    receipts: doc.receipts.map((receipt, i) => {
      const leg = legOf.get(receipt.hash);
      const { fill, late } = receipt as LegReceipt & { fill?: unknown; late?: true };
      return {
        type: receiptType(leg?.kind),
        leg: leg?.index ?? i,
        network: receipt.network,
        hash: receipt.hash,
        status: receipt.status,
        blockNumber: receipt.blockNumber,
        explorerUrl: explorerUrl(receipt.hash),
        feeRaw: receipt.feeRaw,
        transfers: receipt.transfers,
        ...(fill !== undefined && { fill }),
        ...(late && { late }),
      };
    }),
    walletId: doc.walletId,
    request: {
      action: doc.action === null ? null : intentOnTheWire(doc.action as ShapeBIntent),
      review: doc.review,
    },
    continuation:
      doc.continuation &&
      extend(doc.continuation, {
        action: intentOnTheWire(doc.continuation.action as ShapeBIntent),
        operation: successor,
      }),
    supersedes: doc.supersedes,
    source: doc.source,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
  if (doc.state === 'awaitingApproval') resource.approvalRequired = true;
  if (doc.state === 'done')
    resource.result = {
      txHashes: resource.receipts.map((r) => r.hash),
      fills: resource.receipts.flatMap((r) => (r.fill === undefined ? [] : [r.fill])),
    };
  if (TERMINAL_FAILURES.has(doc.state) && doc.state !== 'canceled') {
    resource.error = doc.error ?? 'the operation failed';
    resource.errorCode = doc.errorCode ?? 'UNKNOWN';
  }
  if (doc.successors.refresh) resource.supersededBy = doc.successors.refresh;
  return resource;
}
