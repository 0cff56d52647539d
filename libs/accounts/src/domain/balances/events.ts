import type { DomainEvent } from '@vetted/event-store';
import type { Network } from '@vetted/venues';
import type { WalletFamily } from '../events';

/** A balance as observed on a chain or venue: exact raw units, and the USD price at the time if one was good. */
export interface ObservedBalance {
  network: Network;
  token: string | null;
  symbol: string;
  decimals: number;
  amountRaw: string;
  usdPrice: string | null;
}

/** A difference between two observations that no known service transaction explains. */
export interface BalanceChange {
  network: Network;
  token: string | null;
  symbol: string;
  decimals: number;
  previousRaw: string;
  amountRaw: string;
  usdPrice: string | null;
}

export interface ObservedWallet {
  walletId: number;
  userId: string;
  username: string;
  address: string;
  family: WalletFamily;
}

/** Every event of a wallet's observation stream (`wallet-<walletId>`). */
export type WalletObservationEvent =
  | DomainEvent<'BalanceRefreshRequested', ObservedWallet & { requestedAt: string }>
  | DomainEvent<
      'BalancesObserved',
      ObservedWallet & { observedAt: string; balances: ObservedBalance[]; changes: BalanceChange[] }
    >
  | DomainEvent<'BalanceObservationFailed', { walletId: number; userId: string; error: string; at: string }>
  /** A service transaction moved this wallet's balances: observations will not report these deltas as unexplained. */
  | DomainEvent<
      'ServiceTransactionSettled',
      { walletId: number; submissionId: string; deltas: ServiceDelta[]; at: string }
    >;

/** A signed raw change of one asset made by a service transaction. */
export interface ServiceDelta {
  network: Network;
  token: string | null;
  amountRaw: string;
}

export type WalletObservationCommand =
  | { type: 'RequestRefresh'; data: ObservedWallet & { at: string } }
  | { type: 'RecordObservation'; data: { balances: ObservedBalance[]; observedAt: string } }
  | { type: 'RecordObservationFailure'; data: { error: string; at: string } }
  | {
      type: 'RecordServiceTransaction';
      data: { walletId: number; submissionId: string; deltas: ServiceDelta[]; at: string };
    };
