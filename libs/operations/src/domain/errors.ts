import { Conflict, ServiceError } from '@vetted/kernel';

export class IdempotencyConflict extends Conflict {
  constructor() {
    super('IDEMPOTENCY_CONFLICT', 'this idempotencyKey was already used with a different request');
  }
}

export class OperationNoLongerApprovable extends Conflict {
  constructor(state: 'dismissed' | 'canceled') {
    super('OPERATION_DISMISSED', `the operation was ${state} and can no longer be approved`);
  }
}

/**
 * Discard of a review a refresh replaced: it is closed already, and the fresh review that replaced
 * it is the one that can still run, so "discarded" would be the wrong answer.
 */
export class OperationSuperseded extends Conflict {
  constructor(successorId: string) {
    super(
      'OPERATION_SUPERSEDED',
      `the operation was replaced by a refresh with operation ${successorId}; discard that one`,
    );
  }
}

export class AlreadyExecuted extends Conflict {
  constructor() {
    super('ALREADY_EXECUTED', 'the operation was approved and executed; it can no longer be discarded');
  }
}

export class SourceWalletUnavailable extends ServiceError {
  constructor(message = "the operation's source wallet is archived or missing") {
    super(400, 'SOURCE_WALLET_UNAVAILABLE', message);
  }
}

/** Approval would deliver into a wallet of the caller's that was archived after the review. */
export class RecipientWalletUnavailable extends ServiceError {
  constructor(
    message = 'the wallet this operation delivers to is archived or missing; discard it and review a new one',
  ) {
    super(400, 'RECIPIENT_WALLET_UNAVAILABLE', message);
  }
}

/** `next` on a prerequisite that has not succeeded (pending, working or failed): nothing to advance to. */
export class PrerequisiteNotSucceeded extends Conflict {
  constructor(detail: string) {
    super('PREREQUISITE_NOT_SUCCEEDED', detail);
  }
}

/** `refresh` on an operation whose quote did not fail (or that is no swap). */
export class RefreshNotAvailable extends Conflict {
  constructor(detail: string) {
    super('REFRESH_NOT_AVAILABLE', detail);
  }
}

/** A command about legs that does not fit the operation's progress: a bug in the executor, never a user error. */
export class LegOutOfOrder extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LegOutOfOrder';
  }
}
