import type { Decider } from '@vetted/event-store';
import { assetKey } from '@vetted/venues';
import type {
  BalanceChange,
  ObservedBalance,
  ObservedWallet,
  WalletObservationCommand,
  WalletObservationEvent,
} from './events';

export interface ObservationState {
  /** The refresh waiting for an observation, if any: requests made meanwhile join it. */
  pending: ObservedWallet | null;
  balances: readonly ObservedBalance[];
}

export const initialObservation = (): ObservationState => ({ pending: null, balances: [] });

export function evolveObservation(state: ObservationState, event: WalletObservationEvent): ObservationState {
  switch (event.type) {
    case 'BalanceRefreshRequested': {
      const { walletId, userId, username, address, family } = event.data;
      return { ...state, pending: { walletId, userId, username, address, family } };
    }
    case 'BalancesObserved':
      return { pending: null, balances: event.data.balances };
    case 'BalanceObservationFailed':
      return { ...state, pending: null };
    default: {
      const unknownEvent: never = event;
      return unknownEvent;
    }
  }
}

export function decideObservation(
  command: WalletObservationCommand,
  state: ObservationState,
): WalletObservationEvent[] {
  switch (command.type) {
    case 'RequestRefresh': {
      if (state.pending) return [];
      const { at, ...wallet } = command.data;
      return [{ type: 'BalanceRefreshRequested', data: { ...wallet, requestedAt: at } }];
    }
    case 'RecordObservation': {
      if (!state.pending) return [];
      const { balances, observedAt } = command.data;
      return [
        {
          type: 'BalancesObserved',
          data: {
            ...state.pending,
            observedAt,
            balances,
            changes: unexplainedChanges(state.balances, balances),
          },
        },
      ];
    }
    case 'RecordObservationFailure': {
      if (!state.pending) return [];
      const { walletId, userId } = state.pending;
      return [{ type: 'BalanceObservationFailed', data: { walletId, userId, ...command.data } }];
    }
    default: {
      const unknownCommand: never = command;
      return unknownCommand;
    }
  }
}

/**
 * Every asset whose amount differs from the previous observation (an asset absent from one side
 * counts as zero there). The service makes no transactions yet, so nothing explains a change; the
 * operations issue will subtract the deltas its own settled transactions account for.
 */
export function unexplainedChanges(
  previous: readonly ObservedBalance[],
  current: readonly ObservedBalance[],
): BalanceChange[] {
  const before = new Map(previous.map((b) => [assetKey(b), b]));
  const after = new Map(current.map((b) => [assetKey(b), b]));
  const changes: BalanceChange[] = [];
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const was = before.get(key);
    const now = after.get(key);
    const previousRaw = was?.amountRaw ?? '0';
    const amountRaw = now?.amountRaw ?? '0';
    if (BigInt(previousRaw) === BigInt(amountRaw)) continue;
    const { network, token, symbol, decimals } = (now ?? was)!;
    changes.push({
      network,
      token,
      symbol,
      decimals,
      previousRaw,
      amountRaw,
      usdPrice: now?.usdPrice ?? null,
    });
  }
  return changes;
}

export const observationDecider: Decider<ObservationState, WalletObservationCommand, WalletObservationEvent> =
  {
    decide: decideObservation,
    evolve: evolveObservation,
    initialState: initialObservation,
  };
