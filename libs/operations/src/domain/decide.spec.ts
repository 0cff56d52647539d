import {
  AlreadyExecuted,
  IdempotencyConflict,
  OperationNoLongerApprovable,
  RecipientWalletUnavailable,
  SourceWalletUnavailable,
} from './errors';
import type { OperationEvent } from './events';
import {
  spec,
  userId,
  at,
  created,
  approved,
  dismissed,
  canceled,
  submitted,
  settled,
  succeeded,
  failed,
  approve,
  discard,
  create,
} from './testing/decider-fixtures';

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
