import { extend } from '@vetted/kernel';
import { LegOutOfOrder } from './errors';
import type { CapturedAction } from './actions';
import type { OperationCreatedData, OperationEvent } from './events';
import {
  spec,
  operationId,
  at,
  request,
  created,
  approved,
  dismissed,
  receipt,
  submitted,
  settled,
  facts,
  succeeded,
  failed,
  legFailure,
} from './testing/decider-fixtures';

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

  it("fails with the chain's reason for a revert, when its receipt gives one", () => {
    const reverted = extend(receipt('reverted'), { error: 'USDC: transfer to the zero address' });
    spec
      .given([created, approved, submitted(0)])
      .when({
        type: 'RecordLegSettled',
        data: { leg: 0, submissionId: `${operationId}:0`, receipt: reverted, at },
      })
      .then([
        {
          type: 'LegSettled',
          data: { operationId, leg: 0, submissionId: `${operationId}:0`, receipt: reverted, at },
        },
        {
          type: 'OperationFailed',
          data: {
            operationId,
            outcome: 'failed',
            errorCode: 'TRANSACTION_REVERTED',
            error: 'leg 0 reverted on base: USDC: transfer to the zero address',
            at,
            ...facts([reverted]),
          },
        },
      ]);
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
