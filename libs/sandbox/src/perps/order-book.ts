import type { PerpOrderResult, PerpSide } from '@vetted/venues';
import { Dec, decimalString, roundPerpPrice, roundPerpSize } from '@vetted/venues';
import { BOOK_HALF_SPREAD, BOOK_LEVEL_STEP, BOOK_LEVELS, type SandboxPerpCoin } from './perp-coins';

export interface Level {
  px: Dec;
  size: Dec;
}

export interface Book {
  bids: Level[];
  asks: Level[];
}

/**
 * The venue's book, derived from the mark alone: `BOOK_LEVELS` levels a side, on the price grid,
 * each offering `levelNotionalUsd`. It is the same book for the same mark, and finite, so a large
 * order (or a tight limit) fills only partly.
 */
export function bookAround(coin: SandboxPerpCoin, mark: Dec): Book {
  const bids: Level[] = [];
  const asks: Level[] = [];
  for (let i = 0; i < BOOK_LEVELS; i++) {
    const offset = new Dec(BOOK_HALF_SPREAD).plus(new Dec(BOOK_LEVEL_STEP).times(i));
    asks.push(level(coin, mark.times(new Dec(1).plus(offset)), 'sell'));
    bids.push(level(coin, mark.times(new Dec(1).minus(offset)), 'buy'));
  }
  return { bids, asks };
}

function level(coin: SandboxPerpCoin, rawPx: Dec, side: PerpSide): Level {
  const px = new Dec(roundPerpPrice(rawPx, side, coin));
  return { px, size: new Dec(roundPerpSize(new Dec(coin.levelNotionalUsd).div(px), coin)) };
}

/** Immediate-or-cancel: takes levels at the limit or better, best first, until the size is filled. */
export function matchIoc(book: Book, side: PerpSide, limitPx: Dec, size: Dec): Level[] {
  const levels = side === 'buy' ? book.asks : book.bids;
  const fills: Level[] = [];
  let remaining = size;
  for (const lvl of levels) {
    if (remaining.isZero()) break;
    const acceptable = side === 'buy' ? lvl.px.lte(limitPx) : lvl.px.gte(limitPx);
    if (!acceptable) break;
    const take = Dec.min(remaining, lvl.size);
    if (take.isZero()) continue;
    fills.push({ px: lvl.px, size: take });
    remaining = remaining.minus(take);
  }
  return fills;
}

/** What an IOC order's fills come to, as perp and spot orders report it. */
export function fillSummary(
  fills: Level[],
  size: Dec,
): Pick<PerpOrderResult, 'status' | 'filledSize' | 'avgPx' | 'fills'> {
  const filled = fills.reduce((sum, f) => sum.plus(f.size), new Dec(0));
  const notional = fills.reduce((sum, f) => sum.plus(f.size.times(f.px)), new Dec(0));
  return {
    status: filled.isZero() ? 'unfilled' : filled.eq(size) ? 'filled' : 'partiallyFilled',
    filledSize: decimalString(filled),
    avgPx: filled.isZero() ? null : decimalString(notional.div(filled).toSignificantDigits(12)),
    fills: fills.map((f) => ({ px: decimalString(f.px), size: decimalString(f.size) })),
  };
}
