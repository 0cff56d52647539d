import type { PerpSide } from '@vetted/venues';
import { Dec, openPosition } from '@vetted/venues';
import { FieldProblems, pathOf } from './field-problems';
import { perpLimitPrice } from './perp-sizing';
import type { PreparationContext } from './preparation-context';
import type { Prepared } from './review';
import type { PerpCloseOperation } from './shape-a-request';
import { UsdPrices, usdString } from './usd-prices';
import { requireEvmWallet, venueCoin } from './venue-accounts';
import { DEFAULT_SLIPPAGE_PERCENT } from './venue-slippage';

const at = (field: string): string => pathOf('closeIntent', field);

/**
 * Closes the whole live position of a coin: a reduce-only order of its full size on the opposite
 * side, limited at the mark moved by the default slippage. Whole-position closes are exempt from the
 * venue minimum, and a reduce-only order cannot open anything if the position shrank meanwhile.
 */
export async function preparePerpClose(
  operation: PerpCloseOperation,
  context: PreparationContext,
): Promise<Prepared> {
  const { wallet, ports } = context;
  const problems = new FieldProblems();
  requireEvmWallet(wallet, 'perp venue', problems);
  const coin = await venueCoin(ports.perps, operation.closeIntent.coin, at('coin'), problems);
  problems.throwIfAny();
  const market = coin!;

  const account = await ports.perps.account(wallet.address);
  const position = openPosition(account.positions, market.coin);
  if (!position) {
    problems.add(at('coin'), `wallet ${wallet.id} has no open ${market.coin} position to close`);
    problems.throwIfAny();
  }
  const open = position!;
  const isLong = new Dec(open.size).isPos();
  const orderSide: PerpSide = isLong ? 'sell' : 'buy';
  const size = new Dec(open.size).abs().toFixed();
  const markPx = await ports.perps.markPrice(market.coin);
  const limitPx = perpLimitPrice(markPx, orderSide, market);

  const coinAsset = { network: 'perps' as const, token: market.coin, symbol: market.coin };
  const prices = await UsdPrices.read(ports.prices, [coinAsset]);
  const notionalUsd = usdString(prices.of(coinAsset)!.times(size));
  const side = isLong ? 'long' : 'short';
  return {
    actions: [
      {
        kind: 'perpOrder',
        order: {
          address: wallet.address,
          coin: market.coin,
          side: orderSide,
          size,
          limitPx,
          reduceOnly: true,
        },
        closes: open.size,
      },
    ],
    review: {
      kind: 'perpClose',
      walletId: wallet.id,
      summary: `Close the ${side} ${size} ${market.coin} position (about ${notionalUsd} USD), limit ${limitPx}`,
      coin: market.coin,
      position: {
        side,
        size,
        entryPx: open.entryPx,
        unrealizedPnl: open.unrealizedPnl,
        leverage: open.leverage,
      },
      orderSide,
      size,
      markPx,
      limitPx,
      slippagePercent: DEFAULT_SLIPPAGE_PERCENT,
      notionalUsd,
    },
  };
}
