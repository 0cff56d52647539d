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
   * its history. One newline-framed string (`"\nid\nid\n"`), not an array of strings: by the time
   * a wallet settles again its 64 strings, scattered over the heap, are out of the CPU's caches,
   * and comparing against each cost a cache miss (about 9 µs per settlement under the lifecycle
   * bench's load, 1.8% of the API thread); one string is a few contiguous cache lines.
   */
  recentSubmissions: string;
  /** How many ids `recentSubmissions` holds (at most RECENT_SUBMISSIONS). */
  recentCount: number;
}

export const RECENT_SUBMISSIONS = 64;

export const initialObservation = (): ObservationState => ({
  pending: null,
  balances: [],
  explained: new Map(),
  recentSubmissions: '\n',
  recentCount: 0,
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
      return extend(state, extend({ explained }, remembered(state, event.data.submissionId)));
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
      if (state.recentSubmissions.includes(`\n${oneLine(command.data.submissionId)}\n`)) return [];
      return [{ type: 'ServiceTransactionSettled', data: command.data }];
    }
    default: {
      const unknownCommand: never = command;
      return unknownCommand;
    }
  }
}

/** The state's recent submission ids with `id` added, the oldest dropped beyond RECENT_SUBMISSIONS. */
function remembered(
  state: ObservationState,
  id: string,
): Pick<ObservationState, 'recentSubmissions' | 'recentCount'> {
  const appended = `${state.recentSubmissions}${oneLine(id)}\n`;
  if (state.recentCount < RECENT_SUBMISSIONS)
    return { recentSubmissions: appended, recentCount: state.recentCount + 1 };
  return { recentSubmissions: appended.slice(appended.indexOf('\n', 1)), recentCount: state.recentCount };
}

/** A submission id as `recentSubmissions` frames it: one line (ids are `<operationId>:<leg>`). */
function oneLine(id: string): string {
  if (id.includes('\n')) throw new TypeError(`a submission id cannot span lines: ${JSON.stringify(id)}`);
  return id;
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
