import { extend } from '@vetted/kernel';
import type { PerpSide } from '@vetted/venues';
import { Dec, formatUnits, openPosition } from '@vetted/venues';
import { describeAmount, rawAmount } from '../../preparation/amounts';
import { FieldProblems } from '../../preparation/field-problems';
import {
  perpInitialMarginRaw,
  perpLimitPrice,
  perpOrderCostAllowanceRaw,
} from '../../preparation/perp-sizing';
import type { PreparationContext } from '../../preparation/preparation-context';
import { InsufficientFunds } from '../../preparation/refusals';
import { leverageOnPosition, refuseOppositeSide } from '../../preparation/prepare-perp-open';
import { reviewAmount } from '../../preparation/review';
import { UsdPrices, usdString } from '../../preparation/usd-prices';
import { perpsUsdc } from '../../preparation/venue-accounts';
import type { PerpOpenIntentB } from '../intent';
import { at } from '../intent/intent-arm';
import { openLeverage, openSize } from './perp-open-sizing-b';
import { perpCoinAsset, perpOrderCoin, requirePerpMinimum } from './perp-venue-b';
import type { PreparedShapeB } from './prepared-shape-b';

/**
 * Opens (or adds to) a position with an immediate-or-cancel limit order (rule 14): the limit is the
 * mark moved by the intent's slippage against the order on the venue's grid (buys round down, sells
 * up), and rounded size × that limit must reach 10 USDC. The fill may be partial or nothing; the
 * limit is never widened and nothing is resubmitted. The margin account must have the initial
 * margin (size × mark / leverage) free plus a fee allowance on the worst notional (size × limit).
 */
export async function preparePerpOpenB(
  intent: PerpOpenIntentB,
  context: PreparationContext,
): Promise<PreparedShapeB> {
  const { wallet, ports } = context;
  const usdc = perpsUsdc(ports.tokens);
  const problems = new FieldProblems();
  const market = await perpOrderCoin(intent.coin, context, problems);
  const leverage = market && openLeverage(intent, market, problems);
  const margin =
    intent.sizing.kind === 'margin'
      ? rawAmount(intent.sizing.marginUsdc, false, usdc, at('marginUsdc'), problems)
      : null;
  problems.throwIfAny();
  const coin = market!;
  const account = await ports.perps.account(wallet.address);
  const position = openPosition(account.positions, coin.coin);
  refuseOppositeSide(
    intent.side,
    position,
    coin.coin,
    at('side'),
    'reduce or close it instead: leave side out and give size "max" or sizePercent',
    problems,
  );
  const onPosition = leverageOnPosition(
    intent.leverage,
    leverage!,
    position,
    coin.coin,
    at('leverage'),
    problems,
  );
  // Margin sizing needs a leverage of at least the exposure multiple; the position's may be less.
  if (
    onPosition !== null &&
    intent.sizing.kind === 'margin' &&
    new Dec(intent.sizing.exposureMultiple).gt(onPosition)
  )
    problems.add(
      at('exposureMultiple'),
      `must be at most ${onPosition}, the leverage of the open ${coin.coin} position an order on it keeps`,
    );
  problems.throwIfAny();
  const lev = onPosition!;

  const coinAsset = perpCoinAsset(coin.coin);
  const prices = await UsdPrices.read(ports.prices, [coinAsset, usdc]);
  const markPx = await ports.perps.markPrice(coin.coin);
  const coinUsd = prices.of(coinAsset)!;
  const marginRaw = margin?.kind === 'exact' ? margin.raw : null;
  const size = openSize(
    intent.sizing,
    { coin, markPx, coinUsd, usdcDecimals: usdc.decimals, marginRaw },
    problems,
  );
  problems.throwIfAny();

  const orderSide: PerpSide = intent.side === 'long' ? 'buy' : 'sell';
  const limitPx = perpLimitPrice(markPx, orderSide, coin, intent.slippage);
  requirePerpMinimum(size!, limitPx, coin);
  const heldRaw = perpInitialMarginRaw(size!, markPx, lev, usdc.decimals);
  const allowanceRaw = perpOrderCostAllowanceRaw(size!, limitPx, usdc.decimals);
  const available = account.withdrawableRaw;
  if (available < heldRaw + allowanceRaw)
    throw new InsufficientFunds(
      `the perp margin account of wallet ${wallet.id} has ${describeAmount(available, usdc)} free; this order needs ` +
        `${formatUnits(heldRaw, usdc.decimals)} margin + ${formatUnits(allowanceRaw, usdc.decimals)} for fees`,
    );

  const notionalUsd = usdString(coinUsd.times(size!));
  const marginReview = reviewAmount(usdc, heldRaw, prices);
  const order = { address: wallet.address, coin: coin.coin, side: orderSide, size: size!, limitPx };
  return {
    type: 'perpOrder',
    action: intent,
    actions: [{ kind: 'perpOrder', order: extend(order, { reduceOnly: false, leverage: lev }) }],
    review: {
      type: 'perpOrder',
      walletId: wallet.id,
      summary:
        `Open ${intent.side} ${size} ${coin.coin} at ${lev}x (about ${notionalUsd} USD, ` +
        `${marginReview.amount} USDC margin), limit ${limitPx}`,
      reduce: false,
      coin: coin.coin,
      side: intent.side,
      orderSide,
      leverage: lev,
      sizing: intent.sizing,
      size,
      markPx,
      limitPx,
      slippagePercent: intent.slippage,
      notionalUsd,
      margin: marginReview,
      costAllowance: reviewAmount(usdc, allowanceRaw, prices),
      availableMargin: reviewAmount(usdc, available, prices),
    },
    continuation: null,
  };
}
