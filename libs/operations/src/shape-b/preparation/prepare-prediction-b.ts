import { MAX_AMOUNT } from '../../preparation/decimal-grammar';
import type { PreparationContext } from '../../preparation/preparation-context';
import { preparePredictionOrder } from '../../preparation/prepare-prediction';
import type { PredictionOrderIntent } from '../../preparation/shape-a-request';
import type { PredictionIntentB } from '../intent';
import { PREDICTION_PATHS_B } from './prediction-paths-b';
import { preparePredictionRedeemB } from './prepare-prediction-redeem-b';
import type { PreparedShapeB } from './prepared-shape-b';

/**
 * `prediction` (rule 11). A buy spends exactly `spendPusd` of the venue's dollar token at the ask, a
 * sell gives `shares` (`max`: every share held) at the bid, both in an open market and protected by
 * the default 1% (Shape A's preparation, with Shape B's field paths); a redemption is prepared by
 * `preparePredictionRedeemB`.
 */
export async function preparePredictionB(
  intent: PredictionIntentB,
  context: PreparationContext,
): Promise<PreparedShapeB> {
  if (intent.action === 'redeem') return preparePredictionRedeemB(intent, context);
  const outcome = intent.outcome.asset;
  const order: PredictionOrderIntent =
    intent.action === 'buy'
      ? { action: 'buy', outcome, spendPusd: intent.spendPusd }
      : {
          action: 'sell',
          outcome,
          shares: intent.shares.kind === 'max' ? MAX_AMOUNT : intent.shares.decimal,
        };
  const { actions, review } = await preparePredictionOrder(order, context, PREDICTION_PATHS_B);
  const { kind: _shapeA, ...fields } = review;
  return {
    type: 'prediction',
    action: intent,
    actions,
    review: { type: 'prediction', ...fields },
    continuation: null,
  };
}
