import { extend } from '@vetted/kernel';
import { Dec, formatUnits } from '@vetted/venues';
import type { Projection } from '@vetted/read-store';
import type { ObservedBalance, WalletObservationEvent } from '../../domain/balances/events';
import type { WalletBalance, WalletBalancesDocument } from './wallet-balances-document';
import { NEVER_REFRESHED, NO_BALANCES } from './wallet-balances-document';

export const walletBalancesCollection = { name: 'walletBalances', version: 1, indexes: [] } as const;

/** Exact amounts, and USD values to the cent (half-even) at the price observed with them. */
export function walletBalance(observed: ObservedBalance): WalletBalance {
  const amountFormatted = formatUnits(BigInt(observed.amountRaw), observed.decimals);
  return {
    network: observed.network,
    token: observed.token,
    symbol: observed.symbol,
    decimals: observed.decimals,
    amountRaw: observed.amountRaw,
    amountFormatted,
    usdValue:
      observed.usdPrice === null
        ? null
        : new Dec(amountFormatted)
            .times(observed.usdPrice)
            .toDecimalPlaces(2, Dec.ROUND_HALF_EVEN)
            .toFixed(2),
  };
}

export const walletBalancesProjection: Projection<WalletBalancesDocument> = {
  name: 'walletBalances',
  collection: walletBalancesCollection,
  canHandle: ['BalanceRefreshRequested', 'BalancesObserved', 'BalanceObservationFailed'],
  guard: 'revision',
  documentId: (event) => String((event.data as { walletId: number }).walletId),
  evolve(doc, recorded) {
    const event = recorded as unknown as WalletObservationEvent;
    const current = doc ?? {
      walletId: event.data.walletId,
      balances: NO_BALANCES as WalletBalance[],
      refresh: NEVER_REFRESHED,
    };
    switch (event.type) {
      case 'BalanceRefreshRequested':
        return extend(current, { refresh: extend(current.refresh, { status: 'queued', error: null }) });
      case 'BalancesObserved':
        return extend(current, {
          balances: event.data.balances.filter((b) => BigInt(b.amountRaw) !== 0n).map(walletBalance),
          refresh: { status: 'observed', lastObservedAt: event.data.observedAt, error: null },
        });
      case 'ServiceTransactionSettled':
        return doc;
      case 'BalanceObservationFailed':
        return extend(current, {
          refresh: extend(current.refresh, { status: 'failed', error: event.data.error }),
        });
      default: {
        const unknownEvent: never = event;
        return unknownEvent;
      }
    }
  },
};
