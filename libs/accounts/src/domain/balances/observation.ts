import type { Decider } from '@vetted/event-store';
import { extend } from '@vetted/kernel';
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
  /** What service transactions changed since the last observation, per asset (signed raw). */
  explained: ReadonlyMap<string, bigint>;
  /**
   * The latest service transactions (by submission id) whose deltas are recorded, so a repeat is
   * recorded once. Bounded: only the executor repeats one, for the leg it was settling when it
   * stopped, so the last RECENT_SUBMISSIONS suffice, and a wallet's state stays small however long
   * its history (copying an ever-growing set on every settlement made each one slower). A short
   * array: copying it is cheaper than rebuilding a set of strings.
   */
  submissions: readonly string[];
}

export const RECENT_SUBMISSIONS = 64;

export const initialObservation = (): ObservationState => ({
  pending: null,
  balances: [],
  explained: new Map(),
  submissions: [],
});

export function evolveObservation(state: ObservationState, event: WalletObservationEvent): ObservationState {
  switch (event.type) {
    case 'BalanceRefreshRequested': {
      const { walletId, userId, username, address, family } = event.data;
      return extend(state, { pending: { walletId, userId, username, address, family } });
    }
    case 'BalancesObserved':
      return extend(state, { pending: null, balances: event.data.balances, explained: new Map() });
    case 'BalanceObservationFailed':
      return extend(state, { pending: null });
    case 'ServiceTransactionSettled': {
      const explained = new Map(state.explained);
      for (const d of event.data.deltas)
        explained.set(assetKey(d), (explained.get(assetKey(d)) ?? 0n) + BigInt(d.amountRaw));
      const submissions = [...state.submissions.slice(1 - RECENT_SUBMISSIONS), event.data.submissionId];
      return extend(state, { explained, submissions });
    }
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
      return [{ type: 'BalanceRefreshRequested', data: extend(wallet, { requestedAt: at }) }];
    }
    case 'RecordObservation': {
      if (!state.pending) return [];
      const { balances, observedAt } = command.data;
      return [
        {
          type: 'BalancesObserved',
          data: extend(state.pending, {
            observedAt,
            balances,
            changes: unexplainedChanges(state.balances, balances, state.explained),
          }),
        },
      ];
    }
    case 'RecordObservationFailure': {
      if (!state.pending) return [];
      const { walletId, userId } = state.pending;
      return [{ type: 'BalanceObservationFailed', data: { walletId, userId, ...command.data } }];
    }
    case 'RecordServiceTransaction': {
      if (state.submissions.includes(command.data.submissionId)) return [];
      return [{ type: 'ServiceTransactionSettled', data: command.data }];
    }
    default: {
      const unknownCommand: never = command;
      return unknownCommand;
    }
  }
}

/**
 * Every asset whose amount differs from what the previous observation plus the service's own
 * settled transactions account for (an asset absent from one side counts as zero there). A
 * change's `previousRaw` is that expected amount, so `amountRaw - previousRaw` is the part nothing
 * the service did explains.
 */
export function unexplainedChanges(
  previous: readonly ObservedBalance[],
  current: readonly ObservedBalance[],
  explained: ReadonlyMap<string, bigint> = new Map(),
): BalanceChange[] {
  const before = new Map(previous.map((b) => [assetKey(b), b]));
  const after = new Map(current.map((b) => [assetKey(b), b]));
  const changes: BalanceChange[] = [];
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const was = before.get(key);
    const now = after.get(key);
    const expected = BigInt(was?.amountRaw ?? '0') + (explained.get(key) ?? 0n);
    const previousRaw = expected.toString();
    const amountRaw = now?.amountRaw ?? '0';
    if (expected === BigInt(amountRaw)) continue;
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
