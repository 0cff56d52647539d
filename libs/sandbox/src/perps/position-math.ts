import { Dec } from '@vetted/venues';

/** A signed position (positive long, negative short) and its average entry price. */
export interface PositionState {
  size: Dec;
  entryPx: Dec;
}

export const FLAT: PositionState = { size: new Dec(0), entryPx: new Dec(0) };

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
  const realized = closed.times(px.minus(entryPx)).times(size.isPos() ? 1 : -1);
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
