import { deciderSpecification } from '@vetted/event-store/testing/decider-specification';
import type { CapturedAction } from '../actions';
import type { LegReceipt, OperationCreatedData, OperationEvent } from '../events';
import { operationDecider } from '../operation-decider';

/** What the operation decider's specifications share: one operation, its events and commands. */
export const spec = deciderSpecification(operationDecider);
export const operationId = '0b7c3c1e-2f0e-4c55-9d5b-0e1f2a3b4c5d';
export const userId = 'u-1';
export const at = '2026-11-21T10:00:00.000Z';

/** A captured swap of 5 raw units of `0xT` for the native asset on base, from `0xA`. */
export const swapAction: CapturedAction = {
  kind: 'chain',
  tx: {
    kind: 'swap',
    network: 'base',
    from: '0xA',
    tokenIn: '0xT',
    assetOut: { network: 'base', token: null },
    amountInRaw: '5',
    minAmountOutRaw: '1',
  },
};

export const request: OperationCreatedData = {
  operationId,
  userId,
  username: 'alice',
  shape: 'A',
  kind: 'action_sequence',
  walletId: 1,
  requestHash: 'hash-1',
  creationRequest: { kind: 'send' },
  actions: [
    {
      kind: 'chain',
      tx: { kind: 'approve', network: 'base', from: '0xA', token: '0xT', spender: '0xS', amountRaw: '5' },
    },
    swapAction,
  ],
  source: null,
  at,
};
export const created: OperationEvent = { type: 'OperationCreated', data: request };
export const approved: OperationEvent = { type: 'OperationApproved', data: { operationId, userId, at } };
export const dismissed: OperationEvent = { type: 'OperationDismissed', data: { operationId, userId, at } };
export const canceled: OperationEvent = {
  type: 'OperationCanceled',
  data: { operationId, reason: 'turn canceled', at },
};
export const receipt = (status: 'success' | 'reverted' = 'success'): LegReceipt => ({
  hash: '0xabc',
  network: 'base',
  status,
  blockNumber: 7,
  feeRaw: '21000',
  transfers: [],
});
export const submitted = (leg: number): OperationEvent => ({
  type: 'LegSubmitted',
  data: { operationId, leg, submissionId: `${operationId}:${leg}`, at },
});
export const settled = (leg: number, status: 'success' | 'reverted' = 'success'): OperationEvent => ({
  type: 'LegSettled',
  data: { operationId, leg, submissionId: `${operationId}:${leg}`, receipt: receipt(status), at },
});
export const facts = (receipts: LegReceipt[]) => ({
  userId,
  username: 'alice',
  walletId: 1,
  kind: 'action_sequence',
  creationRequest: request.creationRequest,
  receipts,
  payer: '0xA',
  deliveredTo: null,
  route: null,
});
export const succeeded: OperationEvent = {
  type: 'OperationSucceeded',
  data: { operationId, at, ...facts([receipt(), receipt()]) },
};
export const failed = (
  leg: number,
  effect: 'none' | 'possible',
  outcome: 'failed' | 'failed_before_effect',
  code: string,
  receipts: LegReceipt[] = [],
) => [
  {
    type: 'LegFailed' as const,
    data: {
      operationId,
      leg,
      submissionId: `${operationId}:${leg}`,
      code,
      error: 'venue said no',
      effect,
      at,
    },
  },
  {
    type: 'OperationFailed' as const,
    data: { operationId, outcome, errorCode: code, error: 'venue said no', at, ...facts(receipts) },
  },
];

export const approve = (sourceWalletActive = true) => ({
  type: 'ApproveOperation' as const,
  data: { userId, sourceWalletActive, at },
});
export const discard = { type: 'DiscardOperation' as const, data: { userId, at } };
export const create = (requestHash = 'hash-1') => ({
  type: 'CreateOperation' as const,
  data: { ...request, requestHash },
});
export const legFailure = (leg: number, effect: 'none' | 'possible', code = 'SUBMISSION_REJECTED') => ({
  type: 'RecordLegFailed' as const,
  data: { leg, submissionId: `${operationId}:${leg}`, code, error: 'venue said no', effect, at },
});
