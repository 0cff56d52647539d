import { type Clock, extend } from '@vetted/kernel';
import type { CapturedAction, OperationState } from '../domain';
import { type ExecutionPorts, type LegFailure, type LegOutcome, reconcileLeg } from '../execution';

/** How long a leg may stay pending before the operation fails with LIFECYCLE_TIMEOUT (never retried). */
export const LIFECYCLE_DEADLINE_MS = 30_000;
const PENDING_POLL_MS = 200;

/**
 * Waits for a leg whose outcome is not known yet (pending, or a submission that was uncertain or
 * timed out) by looking it up by its submission id, until it settles or the lifecycle deadline
 * passes, on the injected clock or in real time, whichever comes first (a sandbox clock nobody
 * advances must not hold the executor forever).
 */
export async function knownOutcome(
  action: CapturedAction,
  submissionId: string,
  outcome: LegOutcome,
  options: {
    clock: Clock;
    ports: ExecutionPorts;
    /**
     * When the venue took the submission (clock ms), for a leg found submitted when it was resumed
     * after a restart: its 30 s count from then, not again from the restart. Null: now.
     */
    submittedAtMs: number | null;
    /** A Shape B operation's own deadline (clock ms): its legs share the 30 s from approval. */
    engineDeadlineMs: number | null;
  },
): Promise<LegOutcome> {
  const { clock, ports, engineDeadlineMs } = options;
  const unknown = (o: LegOutcome) => o.kind === 'pending' || (o.kind === 'failed' && o.effect === 'possible');
  const now = clock.now().getTime();
  // A venue's clock ahead of ours (the sandbox's, moved by its admin) cannot put the submission in
  // our future: the count starts no later than now.
  const since = Math.min(options.submittedAtMs ?? now, now);
  const clockDeadline = Math.min(since + LIFECYCLE_DEADLINE_MS, engineDeadlineMs ?? Infinity);
  const realDeadline = Date.now() + (clockDeadline - now);
  while (unknown(outcome)) {
    if (clock.now().getTime() >= clockDeadline || Date.now() >= realDeadline)
      return atDeadline(outcome, submissionId);
    await new Promise((resolve) => setTimeout(resolve, PENDING_POLL_MS));
    const found = await reconcileLeg(action, submissionId, ports);
    if (found !== null && (found.kind !== 'pending' || outcome.kind === 'pending')) outcome = found;
  }
  return outcome;
}

/**
 * A leg whose outcome is still unknown at the lifecycle deadline: `LIFECYCLE_TIMEOUT` while it was
 * pending; an uncertain submission keeps its code. Both carry the deadline explanation and the
 * provider's detail (api-decisions section 5): for a pending leg, that the venue has it pending
 * (after a restart, the executor knows its submission only by looking it up). Either may still
 * settle; it is never retried.
 */
function atDeadline(outcome: LegOutcome, submissionId: string): LegFailure {
  const explanation =
    `the service did not see the transaction settle within ${LIFECYCLE_DEADLINE_MS / 1000} s; it may ` +
    'still settle, so inspect its receipts before creating a new operation (never retried automatically)';
  if (outcome.kind !== 'failed') {
    const leg = `leg ${submissionId.slice(submissionId.lastIndexOf(':') + 1)}`;
    return {
      kind: 'failed',
      code: 'LIFECYCLE_TIMEOUT',
      error: `${explanation}. Provider: the submission of ${leg} was accepted and is still pending`,
      effect: 'possible',
    };
  }
  // A venue's own timeout already says so (with its detail); other failures stand as they are.
  if (outcome.code !== 'SUBMISSION_UNCERTAIN') return outcome;
  return extend(outcome, { error: `${explanation}. Provider: ${outcome.error}` });
}

/** When a working Shape B operation's engine actions must have run: 30 s after its approval (clock ms). */
export function engineDeadline(state: OperationState): number | null {
  if (state.status !== 'working' || state.op.shape !== 'B') return null;
  return Date.parse(state.approvedAt) + LIFECYCLE_DEADLINE_MS;
}
