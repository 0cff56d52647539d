export * from './domain/actions';
export * from './domain/events';
export * from './domain/commands';
export * from './domain/state';
export * from './domain/decide';
export * from './domain/errors';
export * from './domain/operation-decider';
export * from './read-model/operations/operation-document';
export * from './read-model/operations/operations-projection';
export * from './read-model/operations/render-shape-a';
export * from './application/operation-lifecycle';
export * from './application/operation-queries';
export * from './application/create-operation';
export * from './application/operation-executor';
export * from './preparation';

import { CreateOperationHandler } from './application/create-operation';
import { ApproveOperationHandler, DiscardOperationHandler } from './application/operation-lifecycle';

export const OPERATION_COMMAND_HANDLERS = [
  CreateOperationHandler,
  ApproveOperationHandler,
  DiscardOperationHandler,
];
export * from './application/wallet-deltas';
