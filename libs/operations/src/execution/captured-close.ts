import type { PerpVenue } from '@vetted/venues';
import { Dec, openPosition } from '@vetted/venues';
import type { CapturedAction } from '../domain/actions';
import type { LegFailure } from './leg-outcome';

/**
 * Whether a whole-position close would still close the whole live position: checked before it is
 * submitted. The order is pinned to the size reviewed, and reduce-only only ever shrinks it, so a
 * position that grew since (another open approved meanwhile) or flipped side would be left partly
 * open while the close reports it closed; it fails before effect instead (a new close reviews the
 * position as it is). A position that shrank is closed whole by the reduce-only order; one that is
 * gone leaves nothing to close.
 */
export async function capturedCloseFailure(
  actions: readonly CapturedAction[],
  perps: PerpVenue,
): Promise<LegFailure | null> {
  for (const action of actions) {
    if (action.kind !== 'perpOrder' || action.closes === undefined) continue;
    const reviewed = new Dec(action.closes);
    const { address, coin } = action.order;
    const live = openPosition((await perps.account(address)).positions, coin);
    const size = new Dec(live?.size ?? '0');
    const sameSide = size.isPos() === reviewed.isPos() && !size.isZero();
    if (sameSide && size.abs().lte(reviewed.abs())) continue;
    const was = `${reviewed.isPos() ? 'long' : 'short'} ${reviewed.abs().toFixed()} ${coin}`;
    const now = size.isZero()
      ? 'no position'
      : `${size.isPos() ? 'long' : 'short'} ${size.abs().toFixed()} ${coin}`;
    return {
      kind: 'failed',
      code: 'POSITION_CHANGED',
      error: `the close was reviewed for the ${was} position, and the wallet now holds ${now}; nothing was submitted (review a new close)`,
      effect: 'none',
    };
  }
  return null;
}
