import type { PerpCoin, PerpPosition, PerpSide } from '@vetted/venues';
import { Dec, openPosition, roundPerpSize } from '@vetted/venues';
import { FieldProblems } from '../../preparation/field-problems';
import { perpLimitPrice } from '../../preparation/perp-sizing';
import type { PreparationContext } from '../../preparation/preparation-context';
import { UsdPrices, usdString } from '../../preparation/usd-prices';
import type { PerpReduceIntent } from '../intent';
import { at } from '../intent/intent-arm';
import { perpCoinAsset, perpOrderCoin, requirePerpMinimum } from './perp-venue-b';
import type { PreparedShapeB } from './prepared-shape-b';

/**
 * Reduces or closes the live position of a coin (rule 10): a reduce-only IOC order on the opposite
 * side, of the whole position (`size: "max"`) or `sizePercent` of it rounded down to the coin's size
 * decimals, limited at the mark moved by the slippage. Only a whole-position close may be under the
 * 10-USDC minimum; reduce-only cannot open anything if the position shrank meanwhile.
 */
export async function preparePerpReduceB(
  intent: PerpReduceIntent,
  context: PreparationContext,
): Promise<PreparedShapeB> {
  const { wallet, ports } = context;
  const problems = new FieldProblems();
  const market = await perpOrderCoin(intent.coin, context, problems);
  problems.throwIfAny();
  const coin = market!;

  const open = await livePosition(intent, coin, context, problems);
  const side = new Dec(open.size).isPos() ? 'long' : 'short';
  const whole = new Dec(open.size).abs().toFixed();
  const size = reduceSize(intent, whole, coin, problems);
  problems.throwIfAny();
  const isWholePosition = size === whole;
  const orderSide: PerpSide = side === 'long' ? 'sell' : 'buy';
  const markPx = await ports.perps.markPrice(coin.coin);
  const limitPx = perpLimitPrice(markPx, orderSide, coin, intent.slippage);
  if (!isWholePosition) requirePerpMinimum(size!, limitPx, coin);

  const coinAsset = perpCoinAsset(coin.coin);
  const prices = await UsdPrices.read(ports.prices, [coinAsset]);
  const notionalUsd = usdString(prices.of(coinAsset)!.times(size!));
  const { entryPx, unrealizedPnl, leverage } = open;
  const what = isWholePosition
    ? `Close the whole ${side} ${whole} ${coin.coin} position`
    : `Reduce the ${side} ${whole} ${coin.coin} position by ${size} ${coin.coin}`;
  return {
    type: 'perpOrder',
    action: intent,
    actions: [
      {
        kind: 'perpOrder',
        order: {
          address: wallet.address,
          coin: coin.coin,
          side: orderSide,
          size: size!,
          limitPx,
          reduceOnly: true,
        },
        ...(isWholePosition ? { closes: open.size } : {}),
      },
    ],
    review: {
      type: 'perpOrder',
      walletId: wallet.id,
      summary: `${what} (about ${notionalUsd} USD), limit ${limitPx}`,
      reduce: true,
      coin: coin.coin,
      position: { side, size: whole, entryPx, unrealizedPnl, leverage },
      orderSide,
      size,
      sizePercent: intent.size.kind === 'sizePercent' ? intent.size.percent : null,
      isWholePosition,
      markPx,
      limitPx,
      slippagePercent: intent.slippage,
      notionalUsd,
    },
    continuation: null,
  };
}

/** The wallet's open position on the coin, on the side `expectedSide` pins; refused by field otherwise. */
async function livePosition(
  intent: PerpReduceIntent,
  coin: PerpCoin,
  { wallet, ports }: PreparationContext,
  problems: FieldProblems,
): Promise<PerpPosition> {
  const account = await ports.perps.account(wallet.address);
  const position = openPosition(account.positions, coin.coin);
  if (!position) problems.add(at('coin'), `wallet ${wallet.id} has no open ${coin.coin} position to reduce`);
  else {
    const side = new Dec(position.size).isPos() ? 'long' : 'short';
    if (intent.expectedSide !== undefined && intent.expectedSide !== side)
      problems.add(
        at('expectedSide'),
        `is ${intent.expectedSide}, but wallet ${wallet.id}'s ${coin.coin} position is ${side}`,
      );
  }
  problems.throwIfAny();
  return position!;
}

/** The whole position, or `sizePercent` of it rounded down; a percentage that rounds to nothing is refused. */
function reduceSize(
  intent: PerpReduceIntent,
  whole: string,
  coin: PerpCoin,
  problems: FieldProblems,
): string | null {
  if (intent.size.kind === 'max') return whole;
  const size = roundPerpSize(new Dec(whole).times(intent.size.percent).div(100), coin);
  if (size !== '0') return size;
  problems.add(
    at('sizePercent'),
    `of the ${whole} ${coin.coin} position rounds down to 0 at ${coin.szDecimals} size decimals`,
  );
  return null;
}
