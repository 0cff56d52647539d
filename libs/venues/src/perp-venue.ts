import type { SubmitOptions } from './chain-transactions';
import { Dec } from './decimal';

export type PerpSide = 'buy' | 'sell';

/** A tradable perp coin: sizes carry at most `szDecimals` decimals, leverage is 1..`maxLeverage`. */
export interface PerpCoin {
  coin: string;
  szDecimals: number;
  maxLeverage: number;
}

export interface PerpBookLevel {
  px: string;
  size: string;
}

/** The venue's book for a coin: finite size per level, best price first. */
export interface PerpBook {
  coin: string;
  markPx: string;
  bids: PerpBookLevel[];
  asks: PerpBookLevel[];
  at: string;
}

/**
 * An immediate-or-cancel limit order: it fills what the book offers at `limitPx` or better, the rest
 * is canceled, nothing rests. The venue rounds `limitPx` (5 significant figures and the coin's
 * decimals; buys down, sells up) and `size` (down to `szDecimals`). Rounded size × rounded limit
 * price must be at least 10 USDC, unless the order is reduce-only and closes the whole position.
 * `leverage` (integer) applies to the coin's position; omitted, the position's (or the default) stays.
 */
export interface PerpOrderRequest {
  submissionId: string;
  address: string;
  coin: string;
  side: PerpSide;
  /** Exact decimal, in coin units. */
  size: string;
  limitPx: string;
  reduceOnly: boolean;
  leverage?: number;
}

export interface PerpFill {
  px: string;
  size: string;
}

export interface PerpPosition {
  coin: string;
  /** Signed: positive long, negative short. */
  size: string;
  entryPx: string;
  leverage: number;
  markPx: string;
  unrealizedPnl: string;
  /** Initial margin held: |size| × markPx / leverage. */
  marginUsed: string;
}

export interface PerpOrderResult {
  submissionId: string;
  /** The venue's transaction hash for the order (0x + 64 hex). */
  hash: string;
  coin: string;
  side: PerpSide;
  status: 'filled' | 'partiallyFilled' | 'unfilled';
  /** Size and limit after the venue's rounding. */
  size: string;
  limitPx: string;
  filledSize: string;
  avgPx: string | null;
  fills: PerpFill[];
  /** Taker fee, USDC raw (6 decimals). */
  feeRaw: bigint;
  /** Realized profit (positive) or loss (negative), USDC raw. */
  realizedPnlRaw: bigint;
  position: PerpPosition | null;
  placedAt: string;
  /** The venue's block the order executed in (null if the venue reports none). */
  blockNumber: number | null;
}

/** A USDC margin account on `perps`: its balance is the address's USDC on that network. */
export interface PerpAccount {
  address: string;
  balanceRaw: bigint;
  /** Balance plus unrealized PnL, USDC. */
  accountValue: string;
  marginUsed: string;
  /** What may leave the account now (transfers, withdrawals), USDC raw. */
  withdrawableRaw: bigint;
  positions: PerpPosition[];
}

/** A coin held on the venue's spot market: `total` in coin units (at most the coin's `szDecimals`). */
export interface SpotBalance {
  coin: string;
  total: string;
}

/**
 * A spot IOC limit order on the coin's market against USDC, the same book, rounding and 10-USDC
 * minimum as `PerpOrderRequest`. A buy pays from the address's USDC on `perps` (its margin account),
 * but only what is withdrawable: the worst case (rounded size × rounded limit, plus the taker fee on
 * it) must be, or it is refused `insufficient_funds`, so margin in use is never spent. A sell needs
 * the rounded size in the coin's spot balance. The fee is USDC on the filled notional.
 */
export type SpotOrderRequest = Omit<PerpOrderRequest, 'reduceOnly' | 'leverage'>;

/** A spot order's outcome: as a perp order's, without PnL or position (the coins are a balance). */
export interface SpotOrderResult extends Omit<PerpOrderResult, 'realizedPnlRaw' | 'position'> {
  /** USDC raw for the filled size, fee excluded: paid by a buy (rounded up), received by a sell (down). */
  quoteRaw: bigint;
  /** The coin's spot balance after the order. */
  balance: string;
}

/**
 * The perp venue. `placeOrder` is idempotent by `submissionId` and throws like `ChainClient.submit`;
 * business refusals are `SubmissionRejected` with reasons `below_minimum`, `insufficient_margin`,
 * `leverage_too_high`, `reduce_only`, `invalid_request`.
 */
export interface PerpVenue {
  coins(): Promise<PerpCoin[]>;
  markPrice(coin: string): Promise<string>;
  book(coin: string): Promise<PerpBook>;
  account(address: string): Promise<PerpAccount>;
  placeOrder(order: PerpOrderRequest, options?: SubmitOptions): Promise<PerpOrderResult>;
  order(submissionId: string): Promise<PerpOrderResult | null>;
  /** Spot markets: one per coin of `coins()`, against USDC. Balances list the coins held (positive). */
  spotBalances(address: string): Promise<SpotBalance[]>;
  /** Idempotent by `submissionId`; refusals as `placeOrder` (`insufficient_funds` for spot). */
  placeSpotOrder(order: SpotOrderRequest, options?: SubmitOptions): Promise<SpotOrderResult>;
  spotOrder(submissionId: string): Promise<SpotOrderResult | null>;
}

/** The side of an open position (its size is signed: negative is short). */
export function positionSide(position: PerpPosition): 'long' | 'short' {
  return position.size.startsWith('-') ? 'short' : 'long';
}

/** The account's open position in the coin, if any (a closed one may be listed with size 0). */
export function openPosition(positions: readonly PerpPosition[], coin: string): PerpPosition | undefined {
  return positions.find((p) => p.coin === coin && !new Dec(p.size).isZero());
}
