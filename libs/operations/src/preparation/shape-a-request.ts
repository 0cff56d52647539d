/**
 * The structured create request of Shape A (`POST /v1/operations` with `{ idempotencyKey, operation }`),
 * typed as the reference gives it. Networks and tokens are what the caller typed: preparation checks
 * them against the wallet and the token directory.
 */

/** `token: null` is the network's native asset. */
export interface AssetRef {
  network: string;
  token: string | null;
}

/** Raw base units of the two sides: the worst rate (receive per sell) the caller accepts. */
export interface QuoteFloor {
  sellRaw: string;
  receiveRaw: string;
}

export interface SwapIntent {
  from: AssetRef;
  to: AssetRef;
  /** Human-unit decimal of `from`, or `max`. */
  amount: string;
  quoteFloor: QuoteFloor;
  /** Deliver to another of the caller's wallets; absent: the paying wallet. */
  toWalletId?: number;
}

export type SendRecipient = { walletId: number } | { address: string };

export interface SendIntent {
  token: AssetRef;
  /** Human-unit decimal, or `max`. */
  amount: string;
  to: SendRecipient;
}

export type PerpIntentSide = 'long' | 'short';

export interface PerpOpenIntent {
  /** Venue-verbatim coin id (`BTC`). */
  coin: string;
  side: PerpIntentSide;
  /** Integer 1..100 (and at most the coin's cap); 1 when omitted. */
  leverage?: number;
  /** Margin in human USDC, or `max`. */
  amountUsdc: string;
}

export interface PerpCloseIntent {
  coin: string;
}

/** Spends exactly `spendPusd` of the venue's dollar token on shares of `outcome`. */
export interface PredictionBuyIntent {
  action: 'buy';
  /** The outcome's share token id on polygon (decimal). */
  outcome: string;
  spendPusd: string;
}

/** Sells `shares` (human decimal, or `max` for every share held) of `outcome`. */
export interface PredictionSellIntent {
  action: 'sell';
  outcome: string;
  shares: string;
}

export type PredictionOrderIntent = PredictionBuyIntent | PredictionSellIntent;

export type SwapOperation = { kind: 'swap'; walletId: number; swapIntent: SwapIntent };
export type SendOperation = { kind: 'send'; walletId: number; sendIntent: SendIntent };
export type PerpOpenOperation = { kind: 'perp'; walletId: number; perpIntent: PerpOpenIntent };
export type PerpCloseOperation = { kind: 'perpClose'; walletId: number; closeIntent: PerpCloseIntent };
export type PredictionOperation = { kind: 'prediction'; walletId: number; order: PredictionOrderIntent };

/** Field `operation` of the create request, discriminated by `kind`. */
export type ShapeAOperation =
  SwapOperation | SendOperation | PerpOpenOperation | PerpCloseOperation | PredictionOperation;

export type ShapeAKind = ShapeAOperation['kind'];
export const SHAPE_A_KINDS: readonly ShapeAKind[] = ['swap', 'send', 'perp', 'perpClose', 'prediction'];

export interface ShapeACreateRequest {
  idempotencyKey: string;
  operation: ShapeAOperation;
}
