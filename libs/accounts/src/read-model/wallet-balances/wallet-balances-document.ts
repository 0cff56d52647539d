import type { StoredDocument } from '@vetted/read-store';

export interface WalletBalance {
  network: string;
  token: string | null;
  symbol: string;
  decimals: number;
  /** Exact raw base units. */
  amountRaw: string;
  /** The same amount as an exact decimal. */
  amountFormatted: string;
  /** USD value to the cent at the observation's price; null when no good price was known. */
  usdValue: string | null;
}

export interface WalletRefresh {
  status: 'idle' | 'queued' | 'observed' | 'failed';
  lastObservedAt: string | null;
  error: string | null;
}

/** What the wallet's observation stream (`wallet-<id>`) says: its balances and refresh status. */
export interface WalletBalancesDocument extends StoredDocument {
  walletId: number;
  balances: WalletBalance[];
  refresh: WalletRefresh;
}

export const NO_BALANCES: readonly WalletBalance[] = Object.freeze([]);
export const NEVER_REFRESHED: WalletRefresh = Object.freeze({
  status: 'idle',
  lastObservedAt: null,
  error: null,
});
