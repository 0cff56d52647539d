import type { PreparationContext } from '../../preparation/preparation-context';
import type { PerpOpenIntentB, PerpReduceIntent } from '../intent';
import { preparePerpOpenB } from './prepare-perp-open-b';
import { preparePerpReduceB } from './prepare-perp-reduce-b';
import type { PreparedShapeB } from './prepared-shape-b';

/** `perpOrder`: an open (or an addition to a position), or with `reduce: true` a reduction of a live one. */
export function preparePerpOrderB(
  intent: PerpOpenIntentB | PerpReduceIntent,
  context: PreparationContext,
): Promise<PreparedShapeB> {
  return intent.reduce ? preparePerpReduceB(intent, context) : preparePerpOpenB(intent, context);
}
