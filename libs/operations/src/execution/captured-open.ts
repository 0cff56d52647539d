import type { PerpVenue } from '@vetted/venues';
import { openPosition } from '@vetted/venues';
import type { CapturedAction } from '../domain/actions';
import type { LegFailure } from './leg-outcome';

/**
 * Whether a perp open would still do what its review says: checked before it is submitted. The
 * venue nets one position per coin and keeps one leverage per position, so a review made before
 * the coin's position changed could, approved after, reduce or flip a position on the other side
 * (while reviewed and titled as an open) or re-lever the whole position to its own leverage. Both
 * are refused when reviewed (at `side` and at `leverage`), so both fail before effect here too; a
 * new review takes the position as it is. An open on the position's side and at its leverage adds
 * to it, as reviewed.
 */
export async function capturedOpenFailure(
  actions: readonly CapturedAction[],
  perps: PerpVenue,
): Promise<LegFailure | null> {
  for (const action of actions) {
    if (action.kind !== 'perpOrder' || action.order.reduceOnly) continue;
    const { address, coin, side, leverage } = action.order;
    const live = openPosition((await perps.account(address)).positions, coin);
    if (live === undefined) continue;
    const held = live.size.startsWith('-') ? 'short' : 'long';
    const opens = side === 'buy' ? 'long' : 'short';
    const change =
      held !== opens
        ? `the wallet now holds a ${held} ${coin} position, which this ${opens} open would reduce or flip`
        : leverage !== undefined && leverage !== live.leverage
          ? `the open ${coin} position is now at ${live.leverage}x, and this order at ${leverage}x would re-lever all of it`
          : null;
    if (change === null) continue;
    return {
      kind: 'failed',
      code: 'POSITION_CHANGED',
      error: `${change}; nothing was submitted (review a new order)`,
      effect: 'none',
    };
  }
  return null;
}
