import { deciderSpecification } from '@vetted/event-store/testing/decider-specification';
import {
  AlreadyExecuted,
  IdempotencyConflict,
  LegOutOfOrder,
  OperationNoLongerApprovable,
  RecipientWalletUnavailable,
  SourceWalletUnavailable,
} from './errors';
import type { CapturedAction } from './actions';
import type { LegReceipt, OperationCreatedData, OperationEvent } from './events';
import { operationDecider } from './operation-decider';

const spec = deciderSpecification(operationDecider);
const operationId = '0b7c3c1e-2f0e-4c55-9d5b-0e1f2a3b4c5d';
const userId = 'u-1';
const at = '2026-11-21T10:00:00.000Z';

const request: OperationCreatedData = {
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
    {
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
    },
  ],
  source: null,
  at,
};
const created: OperationEvent = { type: 'OperationCreated', data: request };
const approved: OperationEvent = { type: 'OperationApproved', data: { operationId, userId, at } };
const dismissed: OperationEvent = { type: 'OperationDismissed', data: { operationId, userId, at } };
const canceled: OperationEvent = {
  type: 'OperationCanceled',
  data: { operationId, reason: 'turn canceled', at },
};
const receipt = (status: 'success' | 'reverted' = 'success'): LegReceipt => ({
  hash: '0xabc',
  network: 'base',
  status,
  blockNumber: 7,
  feeRaw: '21000',
  transfers: [],
});
const submitted = (leg: number): OperationEvent => ({
  type: 'LegSubmitted',
  data: { operationId, leg, submissionId: `${operationId}:${leg}`, at },
});
const settled = (leg: number, status: 'success' | 'reverted' = 'success'): OperationEvent => ({
  type: 'LegSettled',
  data: { operationId, leg, submissionId: `${operationId}:${leg}`, receipt: receipt(status), at },
});
const facts = (receipts: LegReceipt[]) => ({
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
const succeeded: OperationEvent = {
  type: 'OperationSucceeded',
  data: { operationId, at, ...facts([receipt(), receipt()]) },
};
const failed = (
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

const approve = (sourceWalletActive = true) => ({
  type: 'ApproveOperation' as const,
  data: { userId, sourceWalletActive, at },
});
const discard = { type: 'DiscardOperation' as const, data: { userId, at } };
const create = (requestHash = 'hash-1') => ({
  type: 'CreateOperation' as const,
  data: { ...request, requestHash },
});
const legFailure = (leg: number, effect: 'none' | 'possible', code = 'SUBMISSION_REJECTED') => ({
  type: 'RecordLegFailed' as const,
  data: { leg, submissionId: `${operationId}:${leg}`, code, error: 'venue said no', effect, at },
});

describe('operation decider, Shape A table', () => {
  it('(none) + create: awaitingApproval, the quote captured, no money moves', () => {
    spec.given([]).when(create()).then([created]);
  });

  it('(none) + create again with the same key and request: the same operation, no re-quote', () => {
    spec.given([created]).when(create()).thenNothingHappens();
    spec
      .given([created, approved, submitted(0)])
      .when(create())
      .thenNothingHappens();
  });

  it('create again with the same key and another request: 409', () => {
    spec
      .given([created])
      .when(create('hash-2'))
      .thenThrows(IdempotencyConflict, (e) => expect(e.status).toBe(409));
  });

  it('awaitingApproval + approve (source wallet active): working, with the intent to submit the first leg', () => {
    spec
      .given([created])
      .when(approve())
      .then([approved, submitted(0)]);
  });

  it('awaitingApproval + approve with the source wallet archived or missing: 400', () => {
    spec
      .given([created])
      .when(approve(false))
      .thenThrows(SourceWalletUnavailable, (e) => expect(e.status).toBe(400));
  });

  it('awaitingApproval + approve with the wallet it delivers to archived since the review: 400, nothing recorded', () => {
    const approveTo = (recipientWalletActive: boolean) => ({
      type: 'ApproveOperation' as const,
      data: { userId, sourceWalletActive: true, recipientWalletActive, at },
    });
    spec
      .given([created])
      .when(approveTo(false))
      .thenThrows(RecipientWalletUnavailable, (e) => expect(e.code).toBe('RECIPIENT_WALLET_UNAVAILABLE'));
    spec
      .given([created])
      .when(approveTo(true))
      .then([approved, submitted(0)]);
  });

  it.each([
    ['working', [created, approved]],
    ['working with a leg in flight', [created, approved, submitted(0)]],
    ['done', [created, approved, submitted(0), settled(0), submitted(1), settled(1), succeeded]],
    [
      'failed_before_effect',
      [created, approved, ...failed(0, 'none', 'failed_before_effect', 'SUBMISSION_REJECTED')],
    ],
    ['failed', [created, approved, submitted(0), ...failed(0, 'possible', 'failed', 'SUBMISSION_UNCERTAIN')]],
  ])('%s + approve again: unchanged, never executes twice', (_, history) => {
    spec
      .given(history as OperationEvent[])
      .when(approve())
      .thenNothingHappens();
  });

  it('awaitingApproval + discard: dismissed', () => {
    spec.given([created]).when(discard).then([dismissed]);
  });

  it('dismissed + discard again: idempotent', () => {
    spec.given([created, dismissed]).when(discard).thenNothingHappens();
  });

  it('dismissed + approve: 409', () => {
    spec
      .given([created, dismissed])
      .when(approve())
      .thenThrows(OperationNoLongerApprovable, (e) => {
        expect(e.status).toBe(409);
        expect(e.code).toBe('OPERATION_DISMISSED');
      });
  });

  it('canceled (a turn or session closed the review) cannot be approved, and discarding it changes nothing', () => {
    spec
      .given([created])
      .when({ type: 'CancelOperation', data: { reason: 'turn canceled', at } })
      .then([canceled]);
    spec.given([created, canceled]).when(approve()).thenThrows(OperationNoLongerApprovable);
    spec.given([created, canceled]).when(discard).thenNothingHappens();
    spec
      .given([created, approved])
      .when({ type: 'CancelOperation', data: { reason: 'x', at } })
      .thenNothingHappens();
  });

  it.each([
    ['working', [created, approved]],
    ['done', [created, approved, submitted(0), settled(0), submitted(1), settled(1), succeeded]],
  ])('%s + discard: 409, it already executed', (_, history) => {
    spec
      .given(history as OperationEvent[])
      .when(discard)
      .thenThrows(AlreadyExecuted, (e) => expect(e.code).toBe('ALREADY_EXECUTED'));
  });
});

describe('operation decider, execution outcomes', () => {
  const submit = (leg: number) => ({
    type: 'RecordLegSubmitted' as const,
    data: { leg, submissionId: `${operationId}:${leg}`, at },
  });
  const settle = (leg: number, status: 'success' | 'reverted' = 'success') => ({
    type: 'RecordLegSettled' as const,
    data: { leg, submissionId: `${operationId}:${leg}`, receipt: receipt(status), at },
  });

  it('records the intent to submit each leg before it is submitted, once', () => {
    spec
      .given([created, approved])
      .when(submit(0))
      .then([submitted(0)]);
    spec
      .given([created, approved, submitted(0)])
      .when(submit(0))
      .thenNothingHappens();
  });

  it('runs legs in order: a leg starts only after the previous one settled', () => {
    spec.given([created, approved]).when(submit(1)).thenThrows(LegOutOfOrder);
    spec
      .given([created, approved, submitted(0)])
      .when(submit(1))
      .thenThrows(LegOutOfOrder);
    spec
      .given([created, approved, submitted(0), settled(0)])
      .when(submit(1))
      .then([submitted(1)]);
    spec.given([created]).when(submit(0)).thenNothingHappens();
  });

  it('is done when the last leg settles successfully', () => {
    spec
      .given([created, approved, submitted(0)])
      .when(settle(0))
      .then([settled(0)]);
    spec
      .given([created, approved, submitted(0), settled(0), submitted(1)])
      .when(settle(1))
      .then([settled(1), succeeded]);
  });

  it('names the delivery of a send to an own wallet, whether the request named its id or preparation found its address', () => {
    const transfer: CapturedAction = {
      kind: 'chain',
      tx: {
        kind: 'transfer',
        network: 'base',
        from: '0xA',
        to: '0xB',
        token: '0xT',
        amountRaw: '5',
      },
    };
    const sent = (data: Partial<OperationCreatedData>): OperationEvent => ({
      type: 'OperationCreated',
      data: { ...request, actions: [transfer], ...data },
    });
    const done = (creation: OperationEvent, deliveredTo: string | null): OperationEvent => {
      const { creationRequest } = creation.data as OperationCreatedData;
      return {
        type: 'OperationSucceeded',
        data: { operationId, at, ...facts([receipt()]), creationRequest, deliveredTo },
      };
    };
    const byAddress = sent({
      creationRequest: { sendIntent: { to: { address: '0xB' } } },
      recipientWalletId: 2,
    });
    const byId = sent({ creationRequest: { sendIntent: { to: { walletId: 2 } } } });
    const external = sent({ creationRequest: { sendIntent: { to: { address: '0xB' } } } });
    for (const [creation, deliveredTo] of [
      [byAddress, '0xB'],
      [byId, '0xB'],
      [external, null],
    ] as const)
      spec
        .given([creation, approved, submitted(0)])
        .when(settle(0))
        .then([settled(0), done(creation, deliveredTo)]);
  });

  it("records a leg's settlement and the next leg's intent in one append; never an intent past the last leg", () => {
    const withNext = { ...settle(0), data: { ...settle(0).data, nextSubmissionId: `${operationId}:1` } };
    spec
      .given([created, approved, submitted(0)])
      .when(withNext)
      .then([settled(0), submitted(1)]);
    const lastWithNext = { ...settle(1), data: { ...settle(1).data, nextSubmissionId: `${operationId}:2` } };
    spec
      .given([created, approved, submitted(0), settled(0), submitted(1)])
      .when(lastWithNext)
      .then([settled(1), succeeded]);
  });

  it('records a receipt once (a reconciliation after a crash may report it again)', () => {
    spec
      .given([created, approved, submitted(0), settled(0)])
      .when(settle(0))
      .thenNothingHappens();
  });

  it('fails (with effect) on a revert that spent gas', () => {
    spec
      .given([created, approved, submitted(0)])
      .when(settle(0, 'reverted'))
      .then([
        settled(0, 'reverted'),
        {
          type: 'OperationFailed',
          data: {
            operationId,
            outcome: 'failed',
            errorCode: 'TRANSACTION_REVERTED',
            error: 'leg 0 reverted on base',
            at,
            ...facts([receipt('reverted')]),
          },
        },
      ]);
  });

  it('fails before effect when the first submission is rejected or the quote bar fails before submitting', () => {
    spec
      .given([created, approved, submitted(0)])
      .when(legFailure(0, 'none'))
      .then(failed(0, 'none', 'failed_before_effect', 'SUBMISSION_REJECTED'));
    spec
      .given([created, approved])
      .when({
        type: 'RecordLegFailed',
        data: { leg: 0, submissionId: null, code: 'QUOTE_BELOW_FLOOR', error: 'floor', effect: 'none', at },
      })
      .then([
        {
          type: 'LegFailed',
          data: {
            operationId,
            leg: 0,
            submissionId: null,
            code: 'QUOTE_BELOW_FLOOR',
            error: 'floor',
            effect: 'none',
            at,
          },
        },
        {
          type: 'OperationFailed',
          data: {
            operationId,
            outcome: 'failed_before_effect',
            errorCode: 'QUOTE_BELOW_FLOOR',
            error: 'floor',
            at,
            ...facts([]),
          },
        },
      ]);
  });

  it('fails (with possible effect) when an outcome is uncertain or timed out', () => {
    spec
      .given([created, approved, submitted(0)])
      .when(legFailure(0, 'possible', 'SUBMISSION_UNCERTAIN'))
      .then(failed(0, 'possible', 'failed', 'SUBMISSION_UNCERTAIN'));
  });

  it('fails (with effect) when a later leg fails after an earlier one settled', () => {
    spec
      .given([created, approved, submitted(0), settled(0), submitted(1)])
      .when(legFailure(1, 'none'))
      .then(failed(1, 'none', 'failed', 'SUBMISSION_REJECTED', [receipt()]));
  });

  it('ignores outcomes for operations that are not working', () => {
    spec.given([created, dismissed]).when(legFailure(0, 'none')).thenNothingHappens();
    spec
      .given([
        created,
        approved,
        submitted(0),
        ...failed(0, 'none', 'failed_before_effect', 'SUBMISSION_REJECTED'),
      ])
      .when(settle(0))
      .thenNothingHappens();
  });
});
