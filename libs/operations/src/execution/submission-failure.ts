import {
  SubmissionConflict,
  SubmissionRejected,
  SubmissionTimeout,
  SubmissionUncertain,
  type RejectionReason,
} from '@vetted/venues';
import type { LegFailure, LegFailureCode } from './leg-outcome';

/** Refusals with a code of their own; every other reason is `SUBMISSION_REJECTED`. */
const REJECTION_CODES: Partial<Record<RejectionReason, LegFailureCode>> = {
  insufficient_funds: 'INSUFFICIENT_FUNDS',
  // The signer cannot pay the gas, or the margin account cannot carry the order: funds all the same.
  insufficient_gas: 'INSUFFICIENT_FUNDS',
  insufficient_margin: 'INSUFFICIENT_FUNDS',
  slippage_exceeded: 'SLIPPAGE_EXCEEDED',
  blockhash_expired: 'BLOCKHASH_EXPIRED',
};

/** An expired blockhash is in the signed bytes: only a new review (fresh blockhash) can proceed. */
export const BLOCKHASH_EXPIRED_ADVICE = 'an expired blockhash needs a fresh preparation and approval';

/**
 * A venue error's message without its submission id, which is `<operationId>:<leg>`: the
 * operation's error reaches the public feed with its activity item, and the operation id is its
 * owner's alone (found by a probe). "submission <id> was rejected" reads "the submission of leg 1
 * was rejected".
 */
function providerMessage(
  error: SubmissionRejected | SubmissionUncertain | SubmissionTimeout | SubmissionConflict,
): string {
  const id = error.submissionId;
  if (!id) return error.message;
  const leg = `leg ${id.slice(id.lastIndexOf(':') + 1)}`;
  return error.message
    .split(`submission id ${id}`)
    .join(`the submission id of ${leg}`)
    .split(`submission ${id}`)
    .join(`the submission of ${leg}`)
    .split(id)
    .join(leg);
}

/**
 * The failure a venue error proves. Anything but the submission errors of the ports is rethrown:
 * the leg then stays submitted and is reconciled by its id, which never moves money twice.
 */
export function submissionFailure(error: unknown): LegFailure {
  if (error instanceof SubmissionRejected) {
    const code = REJECTION_CODES[error.reason] ?? 'SUBMISSION_REJECTED';
    const advice = code === 'BLOCKHASH_EXPIRED' ? `; ${BLOCKHASH_EXPIRED_ADVICE}` : '';
    return {
      kind: 'failed',
      code,
      error: `${providerMessage(error)} (${error.reason})${advice}`,
      effect: 'none',
    };
  }
  if (error instanceof SubmissionUncertain)
    return {
      kind: 'failed',
      code: 'SUBMISSION_UNCERTAIN',
      error: providerMessage(error),
      effect: 'possible',
    };
  if (error instanceof SubmissionTimeout) {
    const deadline = error.deadlineMs === null ? 'the lifecycle deadline' : `${error.deadlineMs} ms`;
    return {
      kind: 'failed',
      code: 'LIFECYCLE_TIMEOUT',
      error:
        `success was not proven within ${deadline}; the submission may still settle, so inspect its ` +
        `receipts before creating a new operation (never retried automatically). Provider: ${providerMessage(error)}`,
      effect: 'possible',
    };
  }
  // The id is taken by another payload: this one did nothing, but what holds the id may have moved money.
  if (error instanceof SubmissionConflict)
    return {
      kind: 'failed',
      code: 'SUBMISSION_REJECTED',
      error: `${providerMessage(error)}; this leg was not executed, but the earlier submission stands`,
      effect: 'possible',
    };
  throw error;
}
