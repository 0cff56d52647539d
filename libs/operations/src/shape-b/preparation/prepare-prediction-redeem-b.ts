import type { PredictionMarket, PredictionOutcome, PredictionPosition } from '@vetted/venues';
import { FieldProblems } from '../../preparation/field-problems';
import { lookUpPredictionOutcome } from '../../preparation/prediction-outcome';
import type { PreparationContext, PreparationWallet } from '../../preparation/preparation-context';
import { reviewAmount, spoken } from '../../preparation/review';
import { UsdPrices } from '../../preparation/usd-prices';
import type { PredictionRedeemIntentB } from '../intent';
import { PREDICTION_PATHS_B } from './prediction-paths-b';
import type { PreparedShapeB } from './prepared-shape-b';

/**
 * Redeems the wallet's shares of an outcome (rule 11). Preparation rechecks that there is something
 * positive to redeem: the market has resolved, this outcome won, and the wallet holds its shares;
 * otherwise it refuses at `intent.outcome` (redeeming a losing outcome would only burn the shares).
 * The venue redeems every share held when approved, at 1 pUSD each.
 */
export async function preparePredictionRedeemB(
  intent: PredictionRedeemIntentB,
  context: PreparationContext,
): Promise<PreparedShapeB> {
  const { wallet, ports } = context;
  const problems = new FieldProblems();
  const token = intent.outcome.asset;
  const found = await lookUpPredictionOutcome(token, context, PREDICTION_PATHS_B, problems, false);
  problems.throwIfAny();
  const [market, outcome] = [found.market!, found.outcome!];
  const held = (await ports.predict.positions(wallet.address)).find((p) => p.outcome.token === token);
  const refused = nothingToRedeem(market, outcome, held, wallet);
  if (refused) problems.add(PREDICTION_PATHS_B.outcome, refused);
  problems.throwIfAny();

  const prices = await UsdPrices.read(ports.prices, [found.dollar], [found.shares]);
  const shares = reviewAmount(found.shares, held!.sharesRaw, prices);
  const payout = reviewAmount(found.dollar, held!.redeemValueRaw, prices);
  return {
    type: 'prediction',
    action: intent,
    actions: [{ kind: 'predictionRedeem', order: { address: wallet.address, outcome: token } }],
    review: {
      type: 'prediction',
      action: 'redeem',
      walletId: wallet.id,
      summary: `Redeem ${shares.amount} "${outcome.name}" shares of "${market.question}" for ${spoken(payout)}`,
      market: { id: market.id, question: market.question, resolvedAt: market.resolvedAt },
      outcome: { token, name: outcome.name },
      shares,
      payout,
    },
    continuation: null,
  };
}

/** Why the outcome has no positive redeemable holding for the wallet, or null when it has one. */
function nothingToRedeem(
  market: PredictionMarket,
  outcome: PredictionOutcome,
  held: PredictionPosition | undefined,
  wallet: PreparationWallet,
): string | null {
  if (market.status !== 'resolved')
    return `belongs to market ${market.id}, which has not resolved; its shares can be sold, not redeemed yet`;
  if (market.winningOutcome !== outcome.asset.token) {
    const winner = market.outcomes.find((o) => o.asset.token === market.winningOutcome)?.name;
    return `lost: market ${market.id} resolved to "${winner}", so its shares redeem for nothing`;
  }
  if (!held || held.redeemValueRaw <= 0n)
    return `wallet ${wallet.id} holds no "${outcome.name}" shares of market ${market.id} to redeem`;
  return null;
}
