import { Dec } from '@vetted/venues';

/** A signed position (positive long, negative short) and its average entry price. */
export interface PositionState {
  size: Dec;
  entryPx: Dec;
}

export const FLAT: PositionState = { size: new Dec(0), entryPx: new Dec(0) };

/**
 * Where a realized PnL is cut. An averaged entry is a quotient, kept to Dec's 50 significant digits,
 * so size × (px − entry) can land a hair under an exact amount (2.68739999…9 for 2.6874) and lose a
 * raw unit when rounded down to USDC (found by a probe). Fill prices and sizes have few decimals,
 * so the PnL of closing what the fills built terminates long before this place; what is cut is the
 * quotient's noise.
 */
const REALIZED_PLACES = 24;

/**
 * Applies one fill of signed size `delta` at `px`: adding to a position averages the entry; reducing
 * realizes (px - entry) per unit closed; crossing zero opens the remainder at `px`.
 */
export function applyFill(
  position: PositionState,
  delta: Dec,
  px: Dec,
): { position: PositionState; realized: Dec } {
  const { size, entryPx } = position;
  if (size.isZero() || size.isPos() === delta.isPos()) {
    const next = size.plus(delta);
    const entry = size.abs().times(entryPx).plus(delta.abs().times(px)).div(next.abs());
    return { position: { size: next, entryPx: entry }, realized: new Dec(0) };
  }
  const closed = Dec.min(size.abs(), delta.abs());
  const realized = closed
    .times(px.minus(entryPx))
    .times(size.isPos() ? 1 : -1)
    .toDecimalPlaces(REALIZED_PLACES, Dec.ROUND_HALF_EVEN);
  const next = size.plus(delta);
  if (next.isZero()) return { position: FLAT, realized };
  const flipped = next.isPos() !== size.isPos();
  return { position: { size: next, entryPx: flipped ? px : entryPx }, realized };
}

export function unrealizedPnl(position: PositionState, mark: Dec): Dec {
  return position.size.times(mark.minus(position.entryPx));
}

export function initialMargin(position: PositionState, mark: Dec, leverage: number): Dec {
  return position.size.abs().times(mark).div(leverage);
}
