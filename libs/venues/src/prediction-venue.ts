import type { AssetId } from './assets';
import type { SubmitOptions } from './chain-transactions';

/** The prediction venue's names: its path segment in URLs and how it is shown to people. */
export const PREDICT_VENUE = { pathSegment: 'predict', displayName: 'Predict' } as const;
/** The venue's dollar token on `polygon` (6 decimals); 1 winning share redeems for 1 pUSD. */
export const PUSD_SYMBOL = 'pUSD';
export const PUSD_DECIMALS = 6;
/** Outcome shares carry the same 6 decimals, so 1 share = 1_000_000 raw. */
export const SHARE_DECIMALS = 6;

export interface PredictionOutcome {
  name: string;
  /** The outcome's shares: a token id on `polygon`. */
  asset: AssetId;
  /** Probability-like mid price in pUSD per share, and the venue's quotes around it. */
  price: string;
  bid: string;
  ask: string;
}

export interface PredictionMarket {
  id: string;
  question: string;
  status: 'open' | 'resolved';
  /** Token id of the winning outcome once resolved. */
  winningOutcome: string | null;
  resolvedAt: string | null;
  outcomes: PredictionOutcome[];
}

/** Spend exactly `spendRaw` pUSD on shares of `outcome` (a token id) at the venue's ask. */
export interface PredictionBuy {
  submissionId: string;
  address: string;
  outcome: string;
  spendRaw: bigint;
  /** Refuse (nothing happens) if fewer shares would be bought. */
  minSharesRaw?: bigint;
}

/** Sell exactly `sharesRaw` shares at the venue's bid. */
export interface PredictionSell {
  submissionId: string;
  address: string;
  outcome: string;
  sharesRaw: bigint;
  minProceedsRaw?: bigint;
}

/** Redeem every share the address holds of a resolved market's outcome: 1 pUSD per winning share, 0 otherwise. */
export interface PredictionRedeem {
  submissionId: string;
  address: string;
  outcome: string;
}

export interface PredictionFill {
  submissionId: string;
  hash: string;
  marketId: string;
  outcome: string;
  action: 'buy' | 'sell' | 'redeem';
  sharesRaw: bigint;
  /** pUSD spent (buy) or received (sell, redeem). */
  pusdRaw: bigint;
  price: string;
  at: string;
  /** The block of `polygon` the fill settled in (null if the venue reports none). */
  blockNumber: number | null;
}

export interface PredictionPosition {
  marketId: string;
  outcome: AssetId;
  outcomeName: string;
  sharesRaw: bigint;
  /** Whether the market has resolved, so the shares can be redeemed now. */
  redeemable: boolean;
  /** What redeeming now pays, pUSD raw (0 for a losing outcome or an open market). */
  redeemValueRaw: bigint;
}

/** A venue account with its own EVM address, controlled by one EVM wallet. */
export interface DepositWallet {
  venue: typeof PREDICT_VENUE.pathSegment;
  controller: string;
  address: string;
  deployedAt: string;
}

/**
 * The prediction venue (`predict`). Orders are idempotent by `submissionId` and throw like
 * `ChainClient.submit`; business refusals are `SubmissionRejected` (`market_resolved`,
 * `market_not_resolved`, `nothing_to_redeem`, `insufficient_funds`, `slippage_exceeded`).
 * Resolution is the venue's own business; callers observe it through `markets()`.
 */
export interface PredictionVenue {
  markets(): Promise<PredictionMarket[]>;
  market(id: string): Promise<PredictionMarket | null>;
  /** The market an outcome token belongs to. */
  marketOfOutcome(outcome: string): Promise<PredictionMarket | null>;
  positions(address: string): Promise<PredictionPosition[]>;
  buy(order: PredictionBuy, options?: SubmitOptions): Promise<PredictionFill>;
  sell(order: PredictionSell, options?: SubmitOptions): Promise<PredictionFill>;
  redeem(order: PredictionRedeem, options?: SubmitOptions): Promise<PredictionFill>;
  order(submissionId: string): Promise<PredictionFill | null>;
  /** Deploys the controller's deposit wallet, or returns the one already deployed. Throws `DepositWalletFailed`. */
  deployDepositWallet(controller: string): Promise<DepositWallet>;
  depositWallet(controller: string): Promise<DepositWallet | null>;
}
