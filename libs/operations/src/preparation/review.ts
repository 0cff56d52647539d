import type {
  AssetId,
  FeeEstimate,
  Network,
  PerpSide,
  SwapRoute,
  TokenDirectory,
  TokenInfo,
} from '@vetted/venues';
import { formatUnits } from '@vetted/venues';
import type { CapturedAction } from '../domain/actions';
import { feeToken } from './funding';
import type { PerpIntentSide, QuoteFloor } from './shape-a-request';
import type { UsdPrices } from './usd-prices';

/** An amount as a person reviews it: exact raw units, the exact human decimal, and its USD value. */
export interface ReviewAmount {
  network: Network;
  token: string | null;
  symbol: string;
  decimals: number;
  amountRaw: string;
  /** Exact human decimal (`1.5`). */
  amount: string;
  /** USD value in cents precision; null only where no live price was needed (network fees). */
  usd: string | null;
}

export interface NetworkFee {
  /** Index of the captured action that pays it. */
  leg: number;
  /** The most the leg can be charged. */
  fee: ReviewAmount;
}

export interface SwapReview {
  kind: 'swap';
  walletId: number;
  summary: string;
  spend: ReviewAmount;
  /** `amount: "max"` was resolved against the live balance at creation. */
  spendsMax: boolean;
  /** The fresh quote's expected output. */
  quotedReceive: ReviewAmount;
  /** Pinned `minAmountOutRaw`: the least the quote floor accepts for this exact input. */
  minimumReceive: ReviewAmount;
  quoteFloor: QuoteFloor;
  /** Liquidity providers' fee, in the spent token (already inside the quoted output). */
  providerFee: ReviewAmount;
  /** Fraction lost to price impact, fees excluded (`0.0012`). */
  priceImpact: string;
  route: SwapRoute;
  recipient: { address: string; walletId: number | null };
  /** The ERC-20 approval leg this swap needed, if any. */
  approval: { spender: string; amount: ReviewAmount } | null;
  networkFees: NetworkFee[];
  quotedAt: string;
  /** Solana: the captured blockhash stops being accepted then, and the review must be prepared again. */
  blockhashExpiresAt: string | null;
}

export interface SendReview {
  kind: 'send';
  walletId: number;
  summary: string;
  amount: ReviewAmount;
  sendsMax: boolean;
  from: string;
  to: { address: string; walletId: number | null };
  networkFees: NetworkFee[];
  /** Solana: the captured blockhash stops being accepted then, and the review must be prepared again. */
  blockhashExpiresAt: string | null;
}

export interface PerpOpenReview {
  kind: 'perp';
  walletId: number;
  summary: string;
  coin: string;
  side: PerpIntentSide;
  orderSide: PerpSide;
  leverage: number;
  /** USDC margin on `perps` the position is sized from. */
  margin: ReviewAmount;
  marginIsMax: boolean;
  /** Coin units, rounded down to the coin's size decimals. */
  size: string;
  markPx: string;
  /** Venue-rounded limit: the worst price the order may fill at (buys round down, sells up). */
  limitPx: string;
  slippagePercent: string;
  /** Size × the coin's USD price. */
  notionalUsd: string;
  /** Kept free on top of the margin for the taker fee and an adverse first fill. */
  costAllowance: ReviewAmount;
  /** The margin account's withdrawable USDC before this order. */
  availableMargin: ReviewAmount;
}

export interface PerpCloseReview {
  kind: 'perpClose';
  walletId: number;
  summary: string;
  coin: string;
  position: { side: PerpIntentSide; size: string; entryPx: string; unrealizedPnl: string; leverage: number };
  orderSide: PerpSide;
  size: string;
  markPx: string;
  limitPx: string;
  slippagePercent: string;
  notionalUsd: string;
}

interface PredictionReviewBase {
  kind: 'prediction';
  walletId: number;
  summary: string;
  market: { id: string; question: string };
  outcome: { token: string; name: string };
  slippagePercent: string;
}

export interface PredictionBuyReview extends PredictionReviewBase {
  action: 'buy';
  spend: ReviewAmount;
  /** The venue's ask, pUSD per share. */
  askPrice: string;
  expectedShares: ReviewAmount;
  minimumShares: ReviewAmount;
}

export interface PredictionSellReview extends PredictionReviewBase {
  action: 'sell';
  shares: ReviewAmount;
  sellsMax: boolean;
  /** The venue's bid, pUSD per share. */
  bidPrice: string;
  expectedProceeds: ReviewAmount;
  minimumProceeds: ReviewAmount;
}

export type OperationReview =
  SwapReview | SendReview | PerpOpenReview | PerpCloseReview | PredictionBuyReview | PredictionSellReview;

/** What preparation hands to creation: the actions approval executes, and what the person reviews. */
export interface Prepared {
  actions: CapturedAction[];
  review: OperationReview;
}

export function reviewAmount(token: TokenInfo, raw: bigint, prices: UsdPrices): ReviewAmount {
  return {
    network: token.network,
    token: token.token,
    symbol: token.symbol,
    decimals: token.decimals,
    amountRaw: raw.toString(),
    amount: formatUnits(raw, token.decimals),
    usd: prices.valueOf(token, raw, token.decimals),
  };
}

export const assetOf = (token: AssetId): AssetId => ({ network: token.network, token: token.token });

/** `1.5 USDC on base`, for summaries. */
export const spoken = (amount: ReviewAmount): string =>
  `${amount.amount} ${amount.symbol} on ${amount.network}`;

/** Each leg's maximum network fee, valued where a live price exists. */
export function networkFees(
  fees: readonly FeeEstimate[],
  tokens: TokenDirectory,
  prices: UsdPrices,
): NetworkFee[] {
  return fees.map((fee, leg) => ({ leg, fee: reviewAmount(feeToken(tokens, fee), fee.maxFeeRaw, prices) }));
}
