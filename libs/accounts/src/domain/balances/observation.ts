import type { Decider } from '@vetted/event-store';
import { extend } from '@vetted/kernel';
import { assetKey } from '@vetted/venues';
import type {
  BalanceChange,
  ObservedBalance,
  ObservedHeights,
  ObservedWallet,
  ServiceDelta,
  WalletObservationCommand,
  WalletObservationEvent,
} from './events';

export interface ObservationState {
  /** The refresh waiting for an observation, if any: requests made meanwhile join it. */
  pending: ObservedWallet | null;
  balances: readonly ObservedBalance[];
  /** Per network, the block the last observation read at: a service change at or below it is in `balances`. */
  heights: ObservedHeights;
  /**
   * What the service's own transactions changed that the next observation expects, per asset
   * (signed raw): the changes recorded while no refresh was pending (the next read starts after
   * them, so it sees them), and those the last observation's read was too early for.
   */
  explained: ReadonlyMap<string, bigint>;
  /**
   * The changes recorded while a refresh was pending: its read may have come before or after
   * them, which their blocks against its heights decide. Only one observation's duration long.
   */
  racing: readonly ServiceDelta[];
  /**
   * What each asset the service's own transactions moved on this wallet is (by asset key): a
   * deposit the service then spent in full is in neither observation, and is reported from these.
   * One entry per asset ever moved, so it stays small.
   */
  assets: ReadonlyMap<string, AssetLabel>;
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

/** An asset as a reported change names it. */
export type AssetLabel = Pick<BalanceChange, 'network' | 'token' | 'symbol' | 'decimals'>;

export const initialObservation = (): ObservationState => ({
  pending: null,
  balances: [],
  heights: {},
  explained: new Map(),
  racing: [],
  assets: new Map(),
  recentSubmissions: '\n',
  recentCount: 0,
});

export function evolveObservation(state: ObservationState, event: WalletObservationEvent): ObservationState {
  switch (event.type) {
    case 'BalanceRefreshRequested': {
      const { walletId, userId, username, address, family } = event.data;
      return extend(state, { pending: { walletId, userId, username, address, family } });
    }
    case 'BalancesObserved': {
      const heights = event.data.heights ?? {};
      return extend(state, {
        pending: null,
        balances: event.data.balances,
        heights,
        explained: sums(state.racing.filter((d) => landedAbove(d, heights))),
        racing: [],
      });
    }
    case 'BalanceObservationFailed':
      // The next read comes after every change recorded so far.
      return extend(state, { pending: null, explained: sums(state.racing, state.explained), racing: [] });
    case 'ServiceTransactionSettled': {
      // A change in a block the last observation read at or above is already in its balances.
      const unseen = event.data.deltas.filter((d) => !seenAt(d, state.heights));
      const recorded = extend(remembered(state, event.data.submissionId), {
        assets: labelled(state.assets, event.data.deltas),
      });
      if (unseen.length === 0) return extend(state, recorded);
      if (state.pending) return extend(state, extend({ racing: [...state.racing, ...unseen] }, recorded));
      return extend(state, extend({ explained: sums(unseen, state.explained) }, recorded));
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
      const { balances, heights, unrecorded, observedAt } = command.data;
      // What the service itself moved between the last observation's read and this one's: the
      // changes recorded before the refresh, those recorded since that this read reached, and the
      // landed ones not recorded yet (a change with no block cannot be placed, and waits for its
      // record).
      const expected = state.racing.filter((d) => !landedAbove(d, heights));
      const counted: string[] = [];
      for (const { submissionId, deltas } of unrecorded) {
        if (recordedAmong(state, submissionId)) continue;
        const landed = deltas.filter((d) => seenAt(d, heights) && !seenAt(d, state.heights));
        if (landed.length === 0) continue;
        expected.push(...landed);
        counted.push(submissionId);
      }
      const explained = sums(expected, state.explained);
      const data = extend(state.pending, {
        observedAt,
        balances,
        changes: unexplainedChanges(state.balances, balances, explained, labelled(state.assets, expected)),
        heights,
      });
      return [
        {
          type: 'BalancesObserved',
          data: counted.length === 0 ? data : extend(data, { unrecordedSubmissions: counted }),
        },
      ];
    }
    case 'RecordObservationFailure': {
      if (!state.pending) return [];
      const { walletId, userId } = state.pending;
      return [{ type: 'BalanceObservationFailed', data: { walletId, userId, ...command.data } }];
    }
    case 'RecordServiceTransaction': {
      if (recordedAmong(state, command.data.submissionId)) return [];
      return [{ type: 'ServiceTransactionSettled', data: command.data }];
    }
    default: {
      const unknownCommand: never = command;
      return unknownCommand;
    }
  }
}

/** Whether a read at `heights` saw the change: its block on the change's network is known and at or below. */
function seenAt(delta: ServiceDelta, heights: ObservedHeights): boolean {
  const height = heights[delta.network];
  return delta.blockNumber != null && height !== undefined && delta.blockNumber <= height;
}

/** Whether the change landed after a read at `heights` (a block above its height there): the read did not see it. */
function landedAbove(delta: ServiceDelta, heights: ObservedHeights): boolean {
  const height = heights[delta.network];
  return delta.blockNumber != null && height !== undefined && delta.blockNumber > height;
}

/** `known` with the assets the deltas name and it does not (the same map when there are none). */
function labelled(
  known: ReadonlyMap<string, AssetLabel>,
  deltas: readonly ServiceDelta[],
): ReadonlyMap<string, AssetLabel> {
  let out = known;
  for (const { network, token, symbol, decimals } of deltas) {
    if (symbol === undefined || decimals === undefined) continue;
    const key = assetKey({ network, token });
    if (out.has(key)) continue;
    if (out === known) out = new Map(known);
    (out as Map<string, AssetLabel>).set(key, { network, token, symbol, decimals });
  }
  return out;
}

/** `base` (per asset, signed raw) plus the deltas. */
function sums(
  deltas: readonly ServiceDelta[],
  base: ReadonlyMap<string, bigint> = new Map(),
): Map<string, bigint> {
  const total = new Map(base);
  for (const d of deltas) total.set(assetKey(d), (total.get(assetKey(d)) ?? 0n) + BigInt(d.amountRaw));
  return total;
}

/** Whether the submission's settlement is among the recent ones recorded. */
function recordedAmong(state: ObservationState, submissionId: string): boolean {
  return state.recentSubmissions.includes(`\n${oneLine(submissionId)}\n`);
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
 * the service did explains. An asset in neither observation that the service moved (a deposit it
 * then spent in full) is named from `assets`; one it cannot name (deltas recorded before they
 * carried symbols) is left out.
 */
export function unexplainedChanges(
  previous: readonly ObservedBalance[],
  current: readonly ObservedBalance[],
  explained: ReadonlyMap<string, bigint> = new Map(),
  assets: ReadonlyMap<string, AssetLabel> = new Map(),
): BalanceChange[] {
  const before = new Map(previous.map((b) => [assetKey(b), b]));
  const after = new Map(current.map((b) => [assetKey(b), b]));
  const changes: BalanceChange[] = [];
  for (const key of new Set([...before.keys(), ...after.keys(), ...explained.keys()])) {
    const was = before.get(key);
    const now = after.get(key);
    const expected = BigInt(was?.amountRaw ?? '0') + (explained.get(key) ?? 0n);
    const previousRaw = expected.toString();
    const amountRaw = now?.amountRaw ?? '0';
    if (expected === BigInt(amountRaw)) continue;
    const label = now ?? was ?? assets.get(key);
    if (label === undefined) continue;
    const { network, token, symbol, decimals } = label;
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
