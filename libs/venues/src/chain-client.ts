import type { AssetId } from './assets';
import type { ChainTx, SubmitOptions } from './chain-transactions';
import type { Network } from './networks';

/**
 * `pending`: accepted, not in a block yet. `success`: executed. `reverted`: in a block, failed,
 * gas charged, nothing else moved. `dropped`: never executed (e.g. gas no longer affordable), nothing charged.
 */
export type TxStatus = 'pending' | 'success' | 'reverted' | 'dropped';

/** One movement of value a transaction made; `from: null` is a deposit or mint, `to: null` a burn. */
export interface TokenMovement {
  network: Network;
  token: string | null;
  from: string | null;
  to: string | null;
  amountRaw: bigint;
  purpose: 'value' | 'fee';
  /**
   * The block of its own network a movement on another network than the transaction's landed in
   * (a cross-chain delivery); absent where it is the transaction's network (its `blockNumber`).
   */
  blockNumber?: number;
}

export interface TxReceipt {
  submissionId: string;
  /** 0x + 64 hex on EVM networks and `perps`, a base58 signature on Solana. */
  hash: string;
  network: Network;
  kind: string;
  from: string | null;
  to: string | null;
  status: TxStatus;
  blockNumber: number | null;
  blockTime: string | null;
  submittedAt: string;
  /** The native gas fee charged (0 while pending, or when dropped). */
  gasFeeRaw: bigint;
  feeAsset: AssetId;
  /** Every movement, the gas fee included (`purpose: 'fee'`). Empty until settled. */
  transfers: TokenMovement[];
  /** Why it reverted or was dropped. */
  error: string | null;
}

export interface Balance {
  network: Network;
  token: string | null;
  amountRaw: bigint;
}

/**
 * An address's balances on one network as of one block, as a chain answers a read at a block
 * height: every transaction in a block at or below `blockNumber` is reflected, none above it. A
 * receipt's `blockNumber` is thereby ordered against what a read saw.
 */
export interface BalanceSnapshot {
  network: Network;
  blockNumber: number;
  /** Every non-zero balance of the address, in raw units. */
  balances: Balance[];
}

export interface RecentBlockhash {
  blockhash: string;
  /** After this, on the chain's clock, a transaction naming the blockhash is rejected (`blockhash_expired`). */
  expiresAt: string;
  /**
   * How long from now it stays valid, as the chain counts (Solana: the blocks left to its last valid
   * height). A deadline on another clock is that clock's now plus this: the chain's clock and the
   * caller's need not agree (the sandbox's moves ahead with `POST /v1/sandbox/clock`).
   */
  validForMs: number;
}

export interface FeeEstimate {
  feeAsset: AssetId;
  /** The most the transaction can be charged; the submission is rejected if the signer cannot afford it. */
  maxFeeRaw: bigint;
}

/**
 * Balances, allowances and transactions on every network. `submit` throws `SubmissionRejected`
 * (nothing happened), `SubmissionUncertain` or `SubmissionTimeout` (look the submission up later),
 * or `SubmissionConflict`.
 */
export interface ChainClient {
  /** Every non-zero balance of the address on the network, and the block they were read at. */
  balances(network: Network, address: string): Promise<BalanceSnapshot>;
  balance(network: Network, address: string, token: string | null): Promise<bigint>;
  allowance(network: Network, token: string, owner: string, spender: string): Promise<bigint>;
  estimateFee(tx: ChainTx): Promise<FeeEstimate>;
  submit(tx: ChainTx, options?: SubmitOptions): Promise<TxReceipt>;
  receipt(hash: string): Promise<TxReceipt | null>;
  receiptBySubmission(submissionId: string): Promise<TxReceipt | null>;
  /** A Solana blockhash to sign with, and when it stops being accepted. */
  recentBlockhash(): Promise<RecentBlockhash>;
  /**
   * How long a transaction naming this Solana blockhash stays accepted from now: 0 once it expired,
   * and for one the chain never issued. Supplied transactions are checked with it before they are
   * reviewed, and their review says until when (on the service's clock).
   */
  blockhashValidForMs(blockhash: string): Promise<number>;
}
