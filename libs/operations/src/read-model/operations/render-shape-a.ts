import type { OperationDocument } from './operation-document';

export interface ShapeAResource {
  id: string;
  kind: 'action_sequence';
  state: OperationDocument['state'];
  progress: {
    legs: { index: number; kind: string; network: string | null; status: string; txHash: string | null }[];
    completed: number;
    total: number | null;
  };
  txs: { network: string; hash: string; status: string; blockNumber: number | null; explorerUrl: string }[];
  /** When done: the transactions, and what venue orders filled (an IOC may fill part of its size). */
  result?: { txHashes: string[]; fills: unknown[] };
  error?: string;
  errorCode?: string;
  request: { kind: 'actionSequence'; creationRequest: unknown; actions: unknown[] };
  source: { kind: string } | null;
  /** The operation this one re-reviews with a fresh quote (`refresh`), or null. */
  supersedes: string | null;
  /** The fresh review that replaced this one, once `refresh` made it. */
  supersededBy?: string;
  createdAt: string;
  updatedAt: string;
}

const FAILURE_STATES = new Set(['failed', 'failed_before_effect']);
/** States in which a leg not yet run never will be: it shows `skipped`, not `pending`. */
const ENDED_STATES = new Set(['failed', 'failed_before_effect', 'dismissed', 'canceled']);

/** The Shape A resource: the reviewed request as captured, its progress, and explorer-linkable receipts. */
export function renderShapeA(doc: OperationDocument, explorerUrl: (hash: string) => string): ShapeAResource {
  const resource: ShapeAResource = {
    id: doc.id,
    kind: 'action_sequence',
    state: doc.state,
    progress: {
      legs: doc.legs.map(({ index, kind, network, status, txHash }) => ({
        index,
        kind,
        network,
        status: status === 'pending' && ENDED_STATES.has(doc.state) ? 'skipped' : status,
        txHash,
      })),
      completed: doc.legs.filter((l) => l.status === 'settled').length,
      total: doc.legs.length,
    },
    txs: doc.receipts.map((r) => ({
      network: r.network,
      hash: r.hash,
      status: r.status,
      blockNumber: r.blockNumber,
      explorerUrl: explorerUrl(r.hash),
    })),
    request: { kind: 'actionSequence', creationRequest: doc.creationRequest, actions: doc.actions },
    source: doc.source,
    supersedes: doc.supersedes,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
  if (doc.state === 'done')
    resource.result = {
      txHashes: doc.receipts.map((r) => r.hash),
      fills: doc.receipts.flatMap((r) => {
        const { fill } = r as { fill?: unknown };
        return fill === undefined ? [] : [fill];
      }),
    };
  if (doc.successors.refresh) resource.supersededBy = doc.successors.refresh;
  if (FAILURE_STATES.has(doc.state)) {
    resource.error = doc.error ?? 'the operation failed';
    resource.errorCode = doc.errorCode ?? 'UNKNOWN';
  }
  return resource;
}
