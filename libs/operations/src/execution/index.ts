export * from './leg-fill';
export * from './leg-outcome';
export * from './execution-ports';
export * from './execute-leg';
export * from './reconcile-leg';
export { capturedSwapFloorFailure, quoteFloorFailure } from './quote-floor';
export { capturedFundsFailure } from './captured-funds';
export { capturedCloseFailure } from './captured-close';
export { reviewCanNoLongerExecute } from './stale-review';
