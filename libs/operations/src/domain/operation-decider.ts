import type { Decider } from '@vetted/event-store';
import type { OperationCommand } from './commands';
import { decideOperation } from './decide';
import type { OperationEvent } from './events';
import type { OperationState } from './state';
import { evolveOperation, initialOperationState } from './state';

export const operationDecider: Decider<OperationState, OperationCommand, OperationEvent> = {
  decide: decideOperation,
  evolve: evolveOperation,
  initialState: initialOperationState,
};
