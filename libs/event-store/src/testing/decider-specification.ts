import type { Decider, DomainEvent } from '../command-handling';

/**
 * Specifications that read as `given(events).when(command).then(events)` or `.thenThrows(Error)`,
 * in the manner of Emmett's DeciderSpecification.
 */
export function deciderSpecification<State, Command, Event extends DomainEvent>(
  decider: Decider<State, Command, Event>,
) {
  return {
    given(events: Event[]) {
      const run = (command: Command) =>
        decider.decide(command, events.reduce(decider.evolve, decider.initialState()));
      return {
        when(command: Command) {
          return {
            then(expected: Event[]): void {
              expect(run(command)).toEqual(expected);
            },
            thenNothingHappens(): void {
              expect(run(command)).toEqual([]);
            },
            thenThrows<E extends Error>(
              errorType: new (...args: never[]) => E,
              check?: (error: E) => void,
            ): void {
              let thrown: unknown = undefined;
              try {
                run(command);
              } catch (error) {
                thrown = error;
              }
              expect(thrown).toBeInstanceOf(errorType);
              check?.(thrown as E);
            },
          };
        },
      };
    },
  };
}
