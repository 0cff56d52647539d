import type { PerpPosition, PerpVenue } from '@vetted/venues';
import { Dec, openPosition, positionSide } from '@vetted/venues';
import type { CapturedAction } from '../domain/actions';
import type { LegFailure } from './leg-outcome';

/**
 * Whether a perp open or partial reduction would still do what its review says: checked before it
 * is submitted (whole-position closes: `capturedCloseFailure`). The venue nets one position per
 * coin and keeps one leverage per position, so a review made before the coin's position changed
 * could, approved after, do something else than it says:
 * - an open could reduce or flip a position on the other side (while reviewed and titled as an
 *   open), or re-lever the whole position to its own leverage. Both are refused when reviewed (at
 *   `side` and at `leverage`), so both fail before effect here too. An open on the position's side
 *   and at its leverage adds to it, as reviewed.
 * - a reduction reviewed as a part of the position would, once the position shrank to its size or
 *   below, close all of it (reduce-only caps the order at the position): it was reviewed, filled
 *   and titled as a reduction. A position still larger is reduced as reviewed. One that flipped
 *   side, or is gone, is not the position reviewed (the venue would refuse the reduce-only order).
 * Either fails with `POSITION_CHANGED`; a new review takes the position as it is.
 */
export async function capturedPerpOrderFailure(
  actions: readonly CapturedAction[],
  perps: PerpVenue,
): Promise<LegFailure | null> {
  for (const action of actions) {
    if (action.kind !== 'perpOrder' || action.closes !== undefined) continue;
    const { address, coin } = action.order;
    const live = openPosition((await perps.account(address)).positions, coin);
    const change = action.order.reduceOnly
      ? reductionChange(action.order, live)
      : live === undefined
        ? null
        : openChange(action.order, live);
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

type Order = Extract<CapturedAction, { kind: 'perpOrder' }>['order'];

function openChange({ coin, side, leverage }: Order, live: PerpPosition): string | null {
  const held = positionSide(live);
  const opens = side === 'buy' ? 'long' : 'short';
  if (held !== opens)
    return `the wallet now holds a ${held} ${coin} position, which this ${opens} open would reduce or flip`;
  if (leverage !== undefined && leverage !== live.leverage)
    return `the open ${coin} position is now at ${live.leverage}x, and this order at ${leverage}x would re-lever all of it`;
  return null;
}

function reductionChange({ coin, side, size }: Order, live: PerpPosition | undefined): string | null {
  const reduces = side === 'sell' ? 'long' : 'short';
  if (live === undefined) return `the wallet now holds no ${coin} position for this reduction to take from`;
  const held = positionSide(live);
  if (held !== reduces)
    return `the wallet now holds a ${held} ${coin} position, not the ${reduces} one this reduction was reviewed for`;
  const heldSize = new Dec(live.size).abs();
  if (heldSize.gt(size)) return null;
  return (
    `the ${reduces} ${coin} position is now ${heldSize.toFixed()}, no more than the ${size} this reduction ` +
    'was reviewed to take off, so it would close all of it'
  );
}
