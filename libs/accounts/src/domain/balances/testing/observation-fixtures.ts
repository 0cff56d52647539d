import { deciderSpecification } from '@vetted/event-store/testing/decider-specification';
import { extend } from '@vetted/kernel';
import type { ObservedBalance, ObservedHeights, ObservedWallet, WalletObservationEvent } from '../events';
import { observationDecider } from '../observation';

/** The wallet observation decider's specifications share one wallet, one time and these balances. */
export const spec = deciderSpecification(observationDecider);
export const wallet: ObservedWallet = {
  walletId: 7,
  userId: 'u-1',
  username: 'alice',
  address: '0xAbC',
  family: 'evm',
};
export const at = '2026-11-21T10:00:00.000Z';
export const usdc = (amountRaw: string, usdPrice: string | null = '1'): ObservedBalance => ({
  network: 'base',
  token: '0xUSDC',
  symbol: 'USDC',
  decimals: 6,
  amountRaw,
  usdPrice,
});
export const eth: ObservedBalance = {
  network: 'ethereum',
  token: null,
  symbol: 'ETH',
  decimals: 18,
  amountRaw: '5',
  usdPrice: null,
};

export const requested: WalletObservationEvent = {
  type: 'BalanceRefreshRequested',
  data: extend(wallet, { requestedAt: at }),
};
export const observed = (balances: ObservedBalance[], heights?: ObservedHeights): WalletObservationEvent => ({
  type: 'BalancesObserved',
  data: extend(wallet, { observedAt: at, balances, changes: [], heights }),
});
