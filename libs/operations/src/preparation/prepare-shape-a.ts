import { ValidationFailed } from '@vetted/kernel';
import { pathOf } from './field-problems';
import type { PreparationContext } from './preparation-context';
import { preparePerpClose } from './prepare-perp-close';
import { preparePerpOpen } from './prepare-perp-open';
import { preparePrediction } from './prepare-prediction';
import { prepareSend } from './prepare-send';
import { prepareSwap } from './prepare-swap';
import type { Prepared } from './review';
import { readShapeAOperation } from './shape-a-validation';

/**
 * Turns the `operation` of a Shape A create request (as received: its structure is checked here) into
 * the actions approval will execute and the review a person approves, quoting live now; nothing is
 * submitted. Refusals: `VALIDATION_FAILED` by field path (`operation.swapIntent.amount`),
 * `INSUFFICIENT_FUNDS`, `QUOTE_BELOW_FLOOR`, `BELOW_MINIMUM_ORDER`,
 * `PRICE_UNAVAILABLE` (all 400), `QUOTE_FAILED` (400) and `QUOTE_UNAVAILABLE` (503).
 *
 * `context.wallet` must be the caller's wallet with the id `operation.walletId`: the caller looks it
 * up (a wallet that is not the caller's is a 400 there, as any other invalid field).
 */
export async function prepareShapeA(operation: unknown, context: PreparationContext): Promise<Prepared> {
  const checked = readShapeAOperation(operation);
  if (context.wallet.id !== checked.walletId)
    throw new Error(`context.wallet is wallet ${context.wallet.id}, the operation names ${checked.walletId}`);
  if (context.wallet.archived)
    throw ValidationFailed.field(pathOf('walletId'), 'is archived; choose an active wallet');
  switch (checked.kind) {
    case 'swap':
      return prepareSwap(checked, context);
    case 'send':
      return prepareSend(checked, context);
    case 'perp':
      return preparePerpOpen(checked, context);
    case 'perpClose':
      return preparePerpClose(checked, context);
    case 'prediction':
      return preparePrediction(checked, context);
  }
}
