import { ConcurrentModification } from '@vetted/kernel';
import type { EventMetadata, EventStore, ExpectedRevision, NewEvent } from './event-store';
import { WrongExpectedRevisionError } from './event-store';
import type { Position } from './position';
import { foldStream, forget, remember } from './folded-states';

/** A domain event as `decide` emits it and `evolve` folds it: `{ type, data }`. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

export interface Decider<State, Command, Event extends DomainEvent> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  /** Pure: returns the events the command produces, or throws a typed error. */
  decide: (command: Command, state: State) => Event[];
}

export interface CommandOutcome<State, Event> {
  /** State after the new events. */
  state: State;
  newEvents: Event[];
  /** Revision of the stream's last event (-1: the stream still does not exist). */
  revision: number;
  /**
   * What a read must have passed to show this outcome: the last new event's position, or, when the
   * command changed nothing, the position of the stream's last event (which may be another
   * writer's, not projected yet); null for a stream that does not exist.
   */
  position: Position | null;
}

export interface HandleOptions {
  metadata?: EventMetadata;
  /** Re-reads and re-decides this many times on a version conflict before answering 409. */
  retries?: number;
  /**
   * The stream is almost certainly new (its id was just derived from a fresh key): decide on the
   * initial state and append with `no_stream` without reading first. If it exists after all, the
   * append fails and the command reads and decides as usual.
   */
  assumeNew?: boolean;
}

/**
 * How often a command is decided again after a version conflict. Appends to one stream in one
 * event-loop turn share a commit, and each is checked against its expected revision: of N commands
 * racing on one stream, one wins each round. 25 rounds let a burst of a few dozen requests on one
 * account (renames, deposit wallets, creates) all land; with 5, requests lost every round and
 * answered 409 `CONCURRENT_MODIFICATION` at ten concurrent requests (found by a probe).
 */
export const DEFAULT_RETRIES = 25;

/**
 * The one command path: read the stream, fold `evolve`, `decide`, append with the expected
 * revision; on a conflict read and decide again, and give up with 409 when retries run out.
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  options: HandleOptions = {},
): Promise<CommandOutcome<State, Event>> {
  const retries = options.retries ?? DEFAULT_RETRIES;
  for (let attempt = 0; ; attempt++) {
    const folded =
      attempt === 0 && options.assumeNew
        ? { state: decider.initialState(), revision: -1, position: null }
        : await foldStream(store, streamId, decider);
    let { state, revision } = folded;

    const newEvents = decider.decide(command, state);
    if (newEvents.length === 0) return { state, newEvents, revision, position: folded.position };

    const expectedRevision: ExpectedRevision = revision < 0 ? 'no_stream' : revision;
    try {
      const toAppend: NewEvent[] = newEvents.map((e) => ({
        type: e.type,
        data: e.data,
        metadata: options.metadata,
      }));
      const result = await store.appendToStream(streamId, toAppend, { expectedRevision });
      for (const event of newEvents) state = decider.evolve(state, event);
      revision = result.nextExpectedRevision;
      remember(store, decider, streamId, state, revision, result.position);
      return { state, newEvents, revision, position: result.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      forget(store, decider, streamId);
      if (attempt >= retries) throw new ConcurrentModification(streamId);
    }
  }
}

/** A stream as it stands, as the outcome of a command that changed nothing (a replay, a repeat). */
export async function currentOutcome<State, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
): Promise<CommandOutcome<State, Event>> {
  const { state, revision, position } = await foldStream(store, streamId, decider);
  return { state, newEvents: [], revision, position };
}

/** The current state of a stream, folded with `evolve` (for handlers that read before they decide). */
export async function loadState<State, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
): Promise<State> {
  return (await foldStream(store, streamId, decider)).state;
}
