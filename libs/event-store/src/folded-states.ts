import { RecentMap } from '@vetted/kernel';
import type { EventStore } from './event-store';
import type { Position } from './position';

interface Folded {
  revision: number;
  /** Where the stream's last event sits in `$all` (null: no stream). */
  position: Position | null;
  state: unknown;
}

interface Evolving {
  initialState: () => unknown;
  evolve: (state: never, event: never) => unknown;
}

const LIMIT = 10_000;

/**
 * The last folded state of recently used streams, per store and decider, so a command reads only
 * the events after the revision it knows instead of the whole stream (a wallet observed a
 * thousand times would otherwise be re-read and re-folded a thousand times). Safe because
 * `evolve` is pure and states are never mutated; correct with other writers because the events
 * after the cached revision are always read. At least the LIMIT most recently used streams per
 * decider are kept (RecentMap); streams out of use are forgotten first.
 */
const byStore = new WeakMap<EventStore, WeakMap<object, RecentMap<string, Folded>>>();

function streamsOf(store: EventStore, decider: object): RecentMap<string, Folded> {
  let byDecider = byStore.get(store);
  if (!byDecider) byStore.set(store, (byDecider = new WeakMap()));
  let streams = byDecider.get(decider);
  if (!streams) byDecider.set(decider, (streams = new RecentMap(LIMIT)));
  return streams;
}

/**
 * The stream's current state, revision (-1: no stream) and the position of its last event,
 * reading only what the cache lacks.
 */
export async function foldStream<State>(
  store: EventStore,
  streamId: string,
  decider: { initialState: () => State; evolve: (state: State, event: never) => State },
): Promise<{ state: State; revision: number; position: Position | null }> {
  const streams = streamsOf(store, decider);
  const cached = streams.get(streamId);
  if (cached && store.knownRevision?.(streamId) === cached.revision)
    return { state: cached.state as State, revision: cached.revision, position: cached.position };
  let state = (cached ? cached.state : decider.initialState()) as State;
  let revision = cached ? cached.revision : -1;
  let position = cached ? cached.position : null;
  for (const event of await store.readStream(streamId, { fromRevision: revision + 1 })) {
    state = decider.evolve(state, event as never);
    revision = event.revision;
    position = event.position;
  }
  remember(store, decider, streamId, state, revision, position);
  return { state, revision, position };
}

/** Drops what is cached of a stream (an append found it had moved on). */
export function forget(store: EventStore, decider: object, streamId: string): void {
  streamsOf(store, decider).delete(streamId);
}

/** Records a state the caller knows the stream had at `revision` (after its own append). */
export function remember(
  store: EventStore,
  decider: Evolving | object,
  streamId: string,
  state: unknown,
  revision: number,
  position: Position | null,
): void {
  const streams = streamsOf(store, decider);
  const cached = streams.get(streamId);
  if (cached && cached.revision > revision) return;
  streams.set(streamId, { revision, position, state });
}
