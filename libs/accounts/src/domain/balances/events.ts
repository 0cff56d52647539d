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

/** Per network observed, the block height its balances were read at. */
export type ObservedHeights = Partial<Record<Network, number>>;

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
      ObservedWallet & {
        observedAt: string;
        balances: ObservedBalance[];
        changes: BalanceChange[];
        /** Absent from observations recorded before heights were read. */
        heights?: ObservedHeights;
        /** Service transactions counted before their settlements were recorded (present when any were). */
        unrecordedSubmissions?: string[];
      }
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
  /**
   * The block of `network` the change landed in, which orders it against the heights an
   * observation read at; null where the receipt names none there (a venue fill, a cross-chain
   * delivery), and absent from deltas recorded before blocks were: such a change counts in the
   * next observation.
   */
  blockNumber?: number | null;
  /**
   * The asset's symbol and decimals as the receipt named them, so a change can be reported for an
   * asset no observation holds (absent from deltas recorded before they were).
   */
  symbol?: string;
  decimals?: number;
}

export type WalletObservationCommand =
  | { type: 'RequestRefresh'; data: ObservedWallet & { at: string } }
  | {
      type: 'RecordObservation';
      data: {
        balances: ObservedBalance[];
        heights: ObservedHeights;
        /** Service transactions the read saw landed whose settlements were not recorded yet. */
        unrecorded: { submissionId: string; deltas: ServiceDelta[] }[];
        observedAt: string;
      };
    }
  | { type: 'RecordObservationFailure'; data: { error: string; at: string } }
  | {
      type: 'RecordServiceTransaction';
      data: { walletId: number; submissionId: string; deltas: ServiceDelta[]; at: string };
    };
