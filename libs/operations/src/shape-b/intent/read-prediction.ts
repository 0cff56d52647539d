import { POSITIVE_DECIMAL_OR_MAX_MESSAGE, readAmount } from '../../preparation/decimal-grammar';
import { readAssetSide } from './asset-side';
import { type IntentArm, at, refusePresent } from './intent-arm';
import { fail, readOneOf, readPositiveDecimal } from './intent-fields';
import type { PredictionIntentB } from './shape-b-intent';

const ACTIONS = ['buy', 'sell', 'redeem'] as const;

/**
 * `prediction` (rule 11): a buy spends `spendPusd` of the venue's dollar token, a sell gives `shares`
 * (`"max"` for every share held), a redemption gives neither. `outcome` is `{ network: "polygon",
 * asset: "<outcome token id>" }`.
 */
export const PREDICTION_ARM: IntentArm<PredictionIntentB> = {
  fields: ['action', 'outcome', 'spendPusd', 'shares'],
  read(intent, problems) {
    const action = readOneOf(intent.action, at('action'), problems, ACTIONS);
    const outcome = readAssetSide(intent.outcome, at('outcome'), problems, ['predictionOutcome']);
    if (action === 'buy') {
      refusePresent(intent, ['shares'], problems, 'is for sells; a buy gives spendPusd');
      const spendPusd = readPositiveDecimal(intent.spendPusd, at('spendPusd'), problems);
      return outcome && spendPusd !== null ? { action, outcome, spendPusd } : null;
    }
    if (action === 'sell') {
      refusePresent(intent, ['spendPusd'], problems, 'is for buys; a sell gives shares');
      const shares =
        intent.shares === undefined
          ? fail(problems, at('shares'), 'is required')
          : (readAmount(intent.shares, true) ??
            fail(problems, at('shares'), POSITIVE_DECIMAL_OR_MAX_MESSAGE));
      return outcome && shares ? { action, outcome, shares } : null;
    }
    if (action === 'redeem') {
      refusePresent(
        intent,
        ['spendPusd', 'shares'],
        problems,
        'is not given in a redemption (it redeems every share)',
      );
      return outcome ? { action, outcome } : null;
    }
    return null;
  },
};
