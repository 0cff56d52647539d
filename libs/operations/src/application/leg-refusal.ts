import type { EventStore, Position } from '@vetted/event-store';
import type { Clock } from '@vetted/kernel';
import type { OperationState } from '../domain';
import {
  type ExecutionPorts,
  type LegFailure,
  capturedCloseFailure,
  capturedFundsFailure,
  capturedPerpOrderFailure,
  capturedSwapFloorFailure,
} from '../execution';
import { archivedBeforeApproval } from './archived-before-approval';
import { LIFECYCLE_DEADLINE_MS, engineDeadline } from './lifecycle-deadline';

/**
 * Why the leg must not be submitted, if it must not: a Shape B operation past its lifecycle
 * deadline submits nothing more; before the first leg, its wallets must not have been archived
 * before the approval, the wallet must still fund every leg, a fresh quote must meet the swap's
 * floor, and a perp close, open or reduction must still find the position it was reviewed against.
 */
export async function legRefusal(
  state: Extract<OperationState, { status: 'working' }>,
  index: number,
  { expired, approvedAt }: { expired?: boolean; approvedAt?: Position },
  { store, ports, clock }: { store: EventStore; ports: ExecutionPorts; clock: Clock },
): Promise<LegFailure | null> {
  const deadline = engineDeadline(state);
  if (expired || (deadline !== null && clock.now().getTime() >= deadline))
    return {
      kind: 'failed',
      code: 'LIFECYCLE_TIMEOUT',
      error: `not submitted within the ${LIFECYCLE_DEADLINE_MS / 1000} s lifecycle deadline of its approval (${
        expired
          ? 'earlier operations of the wallet were still running'
          : 'the service took it up only after the deadline, as after a restart'
      }); nothing was submitted`,
      effect: 'none',
    };
  if (index > 0) return null;
  return (
    (approvedAt ? await archivedBeforeApproval(store, state.op, approvedAt) : null) ??
    (await capturedFundsFailure(state.op.actions, ports.chain)) ??
    (await capturedSwapFloorFailure(state.op.actions, ports.quoter)) ??
    (await capturedCloseFailure(state.op.actions, ports.perps)) ??
    (await capturedPerpOrderFailure(state.op.actions, ports.perps))
  );
}
