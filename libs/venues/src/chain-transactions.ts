import type { AssetId } from './assets';
import type { EvmNetwork, Network } from './networks';

/**
 * Transactions the service can submit. Every one carries a caller-chosen `submissionId`: submitting
 * the same id again answers with the transaction already recorded and never moves money twice;
 * the same id with a different payload is a `SubmissionConflict`. Solana transactions must name a
 * `recentBlockhash` that has not expired.
 */
interface TxBase {
  submissionId: string;
  network: Network;
  /** The signer, who pays the native gas fee. */
  from: string;
  /** Required on `solana`, ignored elsewhere. */
  recentBlockhash?: string;
}

/** A native transfer (`token: null`) or a token transfer. */
export interface TransferTx extends TxBase {
  kind: 'transfer';
  to: string;
  token: string | null;
  amountRaw: bigint;
}

/** ERC-20 approve: sets (not adds to) the spender's allowance. EVM networks only. */
export interface ApproveTx extends TxBase {
  kind: 'approve';
  network: EvmNetwork;
  token: string;
  spender: string;
  amountRaw: bigint;
}

/**
 * A DEX swap of an exact input. The output is computed at execution against the pools as they are
 * then; below `minAmountOutRaw` the transaction reverts (still charging gas). For a cross-network
 * route the output lands on `assetOut.network` for `recipient` within the same settled
 * transaction. `recipient` defaults to `from` when both networks use the same address family.
 * An ERC-20 input needs an allowance for the quote's `approvalSpender`.
 */
export interface SwapTx extends TxBase {
  kind: 'swap';
  tokenIn: string | null;
  assetOut: AssetId;
  amountInRaw: bigint;
  minAmountOutRaw: bigint;
  recipient?: string;
}

/**
 * An arbitrary EVM call: it moves `valueRaw` to `to` and charges gas; what `data` does is `to`'s
 * (the sandbox's token contracts run the ERC-20 calls `decodeErc20Call` reads).
 */
export interface EvmCallTx extends TxBase {
  kind: 'evmCall';
  network: EvmNetwork;
  to: string;
  data: string;
  valueRaw: bigint;
  gasLimit: bigint;
}

/** A signed Solana transaction (base64 bytes, kept unchanged): it only charges the fee. */
export interface SolanaTransactionTx extends TxBase {
  kind: 'solanaTransaction';
  network: 'solana';
  transaction: string;
  recentBlockhash: string;
}

export type ChainTx = TransferTx | ApproveTx | SwapTx | EvmCallTx | SolanaTransactionTx;
export type ChainTxKind = ChainTx['kind'];

export interface SubmitOptions {
  /** How long the caller waits for an answer, in ms; past it the call ends in `SubmissionTimeout`. */
  deadlineMs?: number;
}
