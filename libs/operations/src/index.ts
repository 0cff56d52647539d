export * from './domain/actions';
export * from './domain/events';
export * from './domain/commands';
export * from './domain/state';
export * from './domain/decide';
export * from './domain/errors';
export * from './domain/operation-decider';
export * from './domain/movement-sign';
export * from './read-model/operations/operation-document';
export * from './read-model/operations/operations-projection';
export * from './read-model/operations/render-shape-a';
export * from './read-model/operations/render-shape-b';
export * from './application/operation-lifecycle';
export * from './application/operation-queries';
export * from './application/create-operation';
export * from './application/operation-preparer';
export * from './application/operation-successors';
export * from './application/operation-executor';
export * from './preparation';
export {
  INTENT_PATH,
  SHAPE_B_TYPES,
  type ShapeBIntent,
  type ShapeBType,
  readShapeBIntent,
  shapeBIntentFields,
  type PreparedShapeB,
  type ShapeBReview,
  prepareShapeB,
} from './shape-b';

import { CreateOperationHandler } from './application/create-operation';
import { ApproveOperationHandler, DiscardOperationHandler } from './application/operation-lifecycle';
import { OperationPreparer } from './application/operation-preparer';
import { NextOperationHandler, RefreshOperationHandler } from './application/operation-successors';

export const OPERATION_COMMAND_HANDLERS = [
  OperationPreparer,
  CreateOperationHandler,
  ApproveOperationHandler,
  DiscardOperationHandler,
  NextOperationHandler,
  RefreshOperationHandler,
];
export * from './application/wallet-deltas';
