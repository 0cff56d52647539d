import type { PredictionMarket, PredictionOutcome, TokenInfo } from '@vetted/venues';
import { PREDICT_VENUE, SHARE_DECIMALS } from '@vetted/venues';
import type { FieldProblems } from './field-problems';
import type { PreparationContext } from './preparation-context';
import { predictionDollar, requireEvmWallet } from './venue-accounts';

/**
 * Where a prediction request names its fields, so both shapes share one preparation: Shape A
 * `operation.order.*`, Shape B `intent.*` (an unknown outcome is `intent.outcome.asset` there,
 * the outcome's market state `intent.outcome`).
 */
export interface PredictionPaths {
  walletId: string;
  outcome: string;
  unknownOutcome: string;
  spendPusd: string;
  shares: string;
}

/** An outcome as preparation found it; `market` and `outcome` are null when the venue does not know it. */
export interface PredictionOutcomeLookup {
  market: PredictionMarket | null;
  outcome: PredictionOutcome | null;
  dollar: TokenInfo;
  shares: TokenInfo;
}

/**
 * Looks up the outcome's market for the wallet's EVM account, adding a problem for a non-EVM wallet
 * and an unknown outcome, and (`needsOpen`: orders) for a market that has resolved: its shares are
 * redeemed, not traded.
 */
export async function lookUpPredictionOutcome(
  token: string,
  context: PreparationContext,
  paths: PredictionPaths,
  problems: FieldProblems,
  needsOpen: boolean,
): Promise<PredictionOutcomeLookup> {
  const { wallet, ports } = context;
  requireEvmWallet(wallet, PREDICT_VENUE.displayName, problems, paths.walletId);
  const dollar = predictionDollar(ports.tokens);
  const market = await ports.predict.marketOfOutcome(token);
  const outcome = market?.outcomes.find((o) => o.asset.token === token) ?? null;
  if (!market || !outcome)
    problems.add(paths.unknownOutcome, `is not an outcome of any ${PREDICT_VENUE.displayName} market`);
  else if (needsOpen && market.status !== 'open')
    problems.add(
      paths.outcome,
      `belongs to market ${market.id}, which has resolved; it takes no more orders`,
    );
  return { market, outcome, dollar, shares: shareToken(context, token, market, outcome) };
}

/** The outcome's shares as the token directory knows them; a venue outcome it lacks still has 6 decimals. */
function shareToken(
  context: PreparationContext,
  token: string,
  market: PredictionMarket | null,
  outcome: PredictionOutcome | null,
): TokenInfo {
  return (
    context.ports.tokens.tokenInfo({ network: 'polygon', token }) ?? {
      network: 'polygon',
      token,
      symbol: market && outcome ? `${market.id}:${outcome.name}` : token,
      decimals: SHARE_DECIMALS,
    }
  );
}
