import type { EvmNetwork } from '@vetted/venues';
import type { DataPart } from '../solana/instruction-data';
import type { AmountSpec } from './amount-spec';
import type { EvmTokenAsset, PerpCoinAsset, PredictionOutcomeAsset, TradableAsset } from './asset-side';

/**
 * Field `intent` of a Shape B create request (`POST /v1/operations` with `{ idempotencyKey, intent }`),
 * typed and normalised by `readShapeBIntent` (api-decisions §6, reference "Intent rules, Shape B").
 * Grammar only: balances, token existence, venue coins and prices are preparation's concern.
 */
interface IntentBase {
  /** The paying/signing wallet (rule 1); ownership is checked by preparation. */
  walletId: number;
  /** Provenance only, never authorization (rule 7): an http(s) URL. */
  sourceUrl?: string;
}

/** A decimal percentage string, at least 0 and below 100; `"1"` when the caller omitted it (rule 14). */
export type SlippagePercent = string;

export type SendRecipientB = { walletId: number } | { address: string };

export interface SwapIntentB extends IntentBase {
  type: 'swap';
  from: TradableAsset;
  to: TradableAsset;
  /** The source spend (rule 15). */
  amount: AmountSpec;
  slippage: SlippagePercent;
  /** Deliver to another of the caller's wallets; absent: the paying wallet. */
  toWalletId?: number;
}

export interface SendIntentB extends IntentBase {
  type: 'send';
  asset: TradableAsset | PerpCoinAsset;
  amount: AmountSpec;
  /** An address is EIP-55 checksummed (EVM family) or verbatim base58 (Solana). */
  to: SendRecipientB;
}

/** Base-unit size (human decimal), a USDC value, or (buys only) every USDC available. */
export type SpotSizing =
  { kind: 'size'; size: string } | { kind: 'valueUsdc'; usdc: string } | { kind: 'valueUsdcMax' };

export interface SpotOrderIntent extends IntentBase {
  type: 'spotOrder';
  side: 'buy' | 'sell';
  asset: PerpCoinAsset;
  sizing: SpotSizing;
  slippage: SlippagePercent;
}

export type PerpSide = 'long' | 'short';

/** Base-unit size, a USD notional (rule 13), or margin times an exposure multiple (rule 12). */
export type PerpOpenSizing =
  | { kind: 'size'; size: string }
  | { kind: 'valueUsd'; usd: string }
  | { kind: 'margin'; marginUsdc: string; exposureMultiple: string };

export interface PerpOpenIntentB extends IntentBase {
  type: 'perpOrder';
  reduce: false;
  coin: string;
  side: PerpSide;
  sizing: PerpOpenSizing;
  /** Integer 1..100 when given; the default and the coin's own cap are preparation's. */
  leverage?: number;
  slippage: SlippagePercent;
}

/** The whole live position, or a percentage (0 < p <= 100) of it (rule 10). */
export type ReduceSize = { kind: 'max' } | { kind: 'sizePercent'; percent: string };

export interface PerpReduceIntent extends IntentBase {
  type: 'perpOrder';
  reduce: true;
  coin: string;
  /** When pinned, preparation refuses a live position on the other side. */
  expectedSide?: PerpSide;
  size: ReduceSize;
  slippage: SlippagePercent;
}

export interface PredictionBuyIntentB extends IntentBase {
  type: 'prediction';
  action: 'buy';
  outcome: PredictionOutcomeAsset;
  /** Human pUSD to spend. */
  spendPusd: string;
}

export interface PredictionSellIntentB extends IntentBase {
  type: 'prediction';
  action: 'sell';
  outcome: PredictionOutcomeAsset;
  shares: { kind: 'exact'; decimal: string } | { kind: 'max' };
}

export interface PredictionRedeemIntentB extends IntentBase {
  type: 'prediction';
  action: 'redeem';
  outcome: PredictionOutcomeAsset;
}

export type PredictionIntentB = PredictionBuyIntentB | PredictionSellIntentB | PredictionRedeemIntentB;

/** A complete EVM call (rule 8). */
export interface EvmCallIntent extends IntentBase {
  type: 'evmCall';
  network: EvmNetwork;
  /** EIP-55 checksummed. */
  to: string;
  /** `0x` followed by even-length hex, lowercased; may be just `0x`. */
  data: string;
  /** Wei, canonical raw integer (may be `"0"`). */
  value: string;
  /** Canonical positive raw integer. */
  gasLimit: string;
}

export interface SolanaAccountMeta {
  address: string;
  isSigner: boolean;
  isWritable: boolean;
}

/**
 * One instruction data part, in the JSON form the caller sent, which is the form the encoder in
 * `shape-b/solana` takes: integers are canonical decimal strings that fit their width, `hex` is
 * even-length with an optional `0x`, `anchor` is an instruction name.
 */
export type SolanaDataPart = DataPart;

export interface SolanaInstructionIntent extends IntentBase {
  type: 'solanaInstruction';
  programAddress: string;
  accounts: SolanaAccountMeta[];
  data: SolanaDataPart[];
}

export interface SolanaTransactionIntent extends IntentBase {
  type: 'solanaTransaction';
  /** Standard base64, byte-for-byte as supplied. */
  transaction: string;
}

export interface TokenApprovalIntent extends IntentBase {
  type: 'tokenApproval';
  asset: EvmTokenAsset;
  /** EIP-55 checksummed. */
  spender: string;
  /** Human units of `asset`. */
  amount: string;
}

export type ShapeBIntent =
  | SwapIntentB
  | SendIntentB
  | SpotOrderIntent
  | PerpOpenIntentB
  | PerpReduceIntent
  | PredictionIntentB
  | EvmCallIntent
  | SolanaInstructionIntent
  | SolanaTransactionIntent
  | TokenApprovalIntent;

export type ShapeBType = ShapeBIntent['type'];

export const SHAPE_B_TYPES: readonly ShapeBType[] = [
  'swap',
  'send',
  'spotOrder',
  'perpOrder',
  'prediction',
  'evmCall',
  'solanaInstruction',
  'solanaTransaction',
  'tokenApproval',
];
