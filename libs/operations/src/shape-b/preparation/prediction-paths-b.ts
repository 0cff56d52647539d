import type { PredictionPaths } from '../../preparation/prediction-outcome';
import { at } from '../intent/intent-arm';
import { WALLET_ID_PATH } from './wallet-family';

/**
 * Where a Shape B `prediction` intent names what preparation refuses: an outcome the venue does not
 * know at `intent.outcome.asset`, one whose market state forbids the action at `intent.outcome`.
 */
export const PREDICTION_PATHS_B: PredictionPaths = {
  walletId: WALLET_ID_PATH,
  outcome: at('outcome'),
  unknownOutcome: at('outcome', 'asset'),
  spendPusd: at('spendPusd'),
  shares: at('shares'),
};
