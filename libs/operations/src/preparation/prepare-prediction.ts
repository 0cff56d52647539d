import type { PredictionMarket, PredictionOutcome, TokenInfo } from '@vetted/venues';
import { formatUnits } from '@vetted/venues';
import { describeAmount, rawAmount, type RawAmountRequest } from './amounts';
import { FieldProblems, pathOf } from './field-problems';
import { requireFunds } from './funding';
import { lookUpPredictionOutcome, type PredictionPaths } from './prediction-outcome';
import { buyTerms, sellTerms } from './prediction-pricing';
import type { PreparationContext } from './preparation-context';
import { BelowMinimumOrder, InsufficientFunds } from './refusals';
import { reviewAmount, spoken, type Prepared } from './review';
import type { PredictionOperation, PredictionOrderIntent } from './shape-a-request';
import { UsdPrices } from './usd-prices';
import { DEFAULT_SLIPPAGE_PERCENT } from './venue-slippage';

const at = (field: string): string => pathOf('order', field);
const SHAPE_A_PATHS: PredictionPaths = {
  walletId: pathOf('walletId'),
  outcome: at('outcome'),
  unknownOutcome: at('outcome'),
  spendPusd: at('spendPusd'),
  shares: at('shares'),
};

/**
 * A prediction-market order from the wallet's EVM address: a buy spends exactly `spendPusd` of the
 * venue's dollar token at the ask, a sell sells `shares` (`max`: every share held) at the bid. The
 * market must be open (a resolved market's shares are redeemed, not sold).
 */
export async function preparePrediction(
  operation: PredictionOperation,
  context: PreparationContext,
): Promise<Prepared> {
  return preparePredictionOrder(operation.order, context, SHAPE_A_PATHS);
}

/** A buy or sell in Shape A's form, its problems named by `paths` (Shape B reuses it with its own). */
export async function preparePredictionOrder(
  order: PredictionOrderIntent,
  context: PreparationContext,
  paths: PredictionPaths,
): Promise<Prepared> {
  const problems = new FieldProblems();
  const found = await lookUpPredictionOutcome(order.outcome, context, paths, problems, true);
  const amount =
    order.action === 'buy'
      ? rawAmount(order.spendPusd, false, found.dollar, paths.spendPusd, problems)
      : rawAmount(order.shares, true, found.shares, paths.shares, problems);
  problems.throwIfAny();
  const venue = found as Venue;
  return order.action === 'buy'
    ? prepareBuy(venue, amount as Extract<RawAmountRequest, { kind: 'exact' }>, context)
    : prepareSell(venue, amount!, context);
}

interface Venue {
  market: PredictionMarket;
  outcome: PredictionOutcome;
  dollar: TokenInfo;
  shares: TokenInfo;
}

async function prepareBuy(
  { market, outcome, dollar, shares }: Venue,
  amount: { raw: bigint },
  context: PreparationContext,
): Promise<Prepared> {
  const { wallet, ports } = context;
  const spendRaw = amount.raw;
  const terms = buyTerms(spendRaw, outcome.ask, {
    dollarDecimals: dollar.decimals,
    shareDecimals: shares.decimals,
  });
  if (terms.minSharesRaw <= 0n)
    throw new BelowMinimumOrder(
      `${describeAmount(spendRaw, dollar)} buys no whole share unit of "${outcome.name}" at the ask of ${outcome.ask}`,
    );
  await requireFunds(ports, wallet, [{ token: dollar, raw: spendRaw, purpose: 'to spend' }]);

  const prices = await UsdPrices.read(ports.prices, [shares, dollar]);
  const spend = reviewAmount(dollar, spendRaw, prices);
  const expectedShares = reviewAmount(shares, terms.expectedSharesRaw, prices);
  return {
    actions: [
      {
        kind: 'predictionBuy',
        order: {
          address: wallet.address,
          outcome: outcome.asset.token!,
          spendRaw: spendRaw.toString(),
          minSharesRaw: terms.minSharesRaw.toString(),
        },
      },
    ],
    review: {
      kind: 'prediction',
      action: 'buy',
      walletId: wallet.id,
      summary: `Buy about ${expectedShares.amount} "${outcome.name}" shares of "${market.question}" for ${spoken(spend)}`,
      market: { id: market.id, question: market.question },
      outcome: { token: outcome.asset.token!, name: outcome.name },
      slippagePercent: DEFAULT_SLIPPAGE_PERCENT,
      spend,
      askPrice: outcome.ask,
      expectedShares,
      minimumShares: reviewAmount(shares, terms.minSharesRaw, prices),
    },
  };
}

async function prepareSell(
  { market, outcome, dollar, shares }: Venue,
  amount: RawAmountRequest,
  context: PreparationContext,
): Promise<Prepared> {
  const { wallet, ports } = context;
  const positions = await ports.predict.positions(wallet.address);
  const heldRaw = positions.find((p) => p.outcome.token === outcome.asset.token)?.sharesRaw ?? 0n;
  const sharesRaw = amount.kind === 'max' ? heldRaw : amount.raw;
  if (heldRaw === 0n)
    throw new InsufficientFunds(
      `wallet ${wallet.id} holds no "${outcome.name}" shares of market ${market.id}`,
    );
  const terms = sellTerms(sharesRaw, outcome.bid, {
    dollarDecimals: dollar.decimals,
    shareDecimals: shares.decimals,
  });
  if (terms.minProceedsRaw <= 0n)
    throw new BelowMinimumOrder(
      `${formatUnits(sharesRaw, shares.decimals)} "${outcome.name}" shares at the bid of ${outcome.bid} sell for nothing`,
    );
  if (heldRaw < sharesRaw)
    throw new InsufficientFunds(
      `wallet ${wallet.id} holds ${formatUnits(heldRaw, shares.decimals)} "${outcome.name}" shares, ` +
        `fewer than the ${formatUnits(sharesRaw, shares.decimals)} to sell`,
    );

  const prices = await UsdPrices.read(ports.prices, [shares, dollar]);
  const sold = reviewAmount(shares, sharesRaw, prices);
  const expectedProceeds = reviewAmount(dollar, terms.expectedProceedsRaw, prices);
  return {
    actions: [
      {
        kind: 'predictionSell',
        order: {
          address: wallet.address,
          outcome: outcome.asset.token!,
          sharesRaw: sharesRaw.toString(),
          minProceedsRaw: terms.minProceedsRaw.toString(),
        },
      },
    ],
    review: {
      kind: 'prediction',
      action: 'sell',
      walletId: wallet.id,
      summary: `Sell ${sold.amount} "${outcome.name}" shares of "${market.question}" for about ${spoken(expectedProceeds)}`,
      market: { id: market.id, question: market.question },
      outcome: { token: outcome.asset.token!, name: outcome.name },
      slippagePercent: DEFAULT_SLIPPAGE_PERCENT,
      shares: sold,
      sellsMax: amount.kind === 'max',
      bidPrice: outcome.bid,
      expectedProceeds,
      minimumProceeds: reviewAmount(dollar, terms.minProceedsRaw, prices),
    },
  };
}
