import { Dec, formatUnits } from '@vetted/venues';
import { describeAmount } from '../../preparation/amounts';
import { FieldProblems } from '../../preparation/field-problems';
import { perpLimitPrice, perpOrderCostAllowanceRaw } from '../../preparation/perp-sizing';
import type { PreparationContext } from '../../preparation/preparation-context';
import { InsufficientFunds } from '../../preparation/refusals';
import { reviewAmount } from '../../preparation/review';
import { UsdPrices } from '../../preparation/usd-prices';
import { perpsUsdc, requireEvmWallet, venueCoin } from '../../preparation/venue-accounts';
import type { SpotOrderIntent } from '../intent';
import { at } from '../intent/intent-arm';
import { requirePerpMinimum } from './perp-venue-b';
import type { PreparedShapeB } from './prepared-shape-b';
import { spotBuyCostRaw, spotSize } from './spot-order-sizing';
import { WALLET_ID_PATH } from './wallet-family';

/**
 * A perp-venue spot order (api-decisions §6; rules 11, 13, 14): an immediate-or-cancel limit order
 * of `asset` (a venue coin) against the margin account's USDC on `perps`. The limit is the live mark
 * moved by the slippage against the order, on the venue's grid (buys round down, sells up), and
 * rounded size × that limit must reach 10 USDC (`BELOW_MINIMUM_ORDER`). A buy must fit the
 * withdrawable USDC at its worst (size × limit plus a fee allowance): margin in use is never spent;
 * a sell needs the size in the coin's spot balance (`INSUFFICIENT_FUNDS` otherwise). The order may
 * fill partly or not at all; the limit is never widened and nothing is resubmitted. Nothing is sized
 * in USD, so USD prices are incidental (shown where live, never a refusal).
 */
export async function prepareSpotOrder(
  intent: SpotOrderIntent,
  context: PreparationContext,
): Promise<PreparedShapeB> {
  const { wallet, ports } = context;
  const usdc = perpsUsdc(ports.tokens);
  const problems = new FieldProblems();
  requireEvmWallet(wallet, 'perp venue', problems, WALLET_ID_PATH);
  const market = await venueCoin(ports.perps, intent.asset.asset, at('asset', 'asset'), problems);
  problems.throwIfAny();
  const coin = market!;
  const { side } = intent;

  const [markPx, account, balances] = await Promise.all([
    ports.perps.markPrice(coin.coin),
    ports.perps.account(wallet.address),
    ports.perps.spotBalances(wallet.address),
  ]);
  const limitPx = perpLimitPrice(markPx, side, coin, intent.slippage);
  const available = account.withdrawableRaw;
  const held = balances.find((b) => b.coin === coin.coin)?.total ?? '0';
  if (intent.sizing.kind === 'valueUsdcMax' && available <= 0n)
    throw new InsufficientFunds(
      `the perp margin account of wallet ${wallet.id} has no withdrawable USDC to buy ${coin.coin} with`,
    );
  const sizing = { coin, side, markPx, limitPx, withdrawableRaw: available, usdcDecimals: usdc.decimals };
  const size = spotSize(intent.sizing, sizing, problems);
  problems.throwIfAny();
  requirePerpMinimum(size!, limitPx, coin);

  const costRaw = spotBuyCostRaw(size!, limitPx, usdc.decimals);
  if (side === 'buy' && costRaw > available)
    throw new InsufficientFunds(
      `the perp margin account of wallet ${wallet.id} has ${describeAmount(available, usdc)} withdrawable; ` +
        `buying ${size} ${coin.coin} at up to ${limitPx} needs ${formatUnits(costRaw, usdc.decimals)} USDC with the fee allowance`,
    );
  if (side === 'sell' && new Dec(held).lt(size!))
    throw new InsufficientFunds(
      `wallet ${wallet.id} holds ${held} ${coin.coin} on the perp venue's spot market; the sell needs ${size}`,
    );

  const prices = await UsdPrices.read(ports.prices, [], [usdc]);
  const notional = new Dec(size!).times(limitPx);
  const rounding = side === 'buy' ? Dec.ROUND_UP : Dec.ROUND_DOWN;
  const atLimitRaw = BigInt(notional.times(new Dec(10).pow(usdc.decimals)).toFixed(0, rounding));
  const atLimit = reviewAmount(usdc, atLimitRaw, prices);
  const summary =
    side === 'buy'
      ? `Buy ${size} ${coin.coin} on the perp venue's spot market for at most ${atLimit.amount} USDC (limit ${limitPx})`
      : `Sell ${size} ${coin.coin} on the perp venue's spot market for at least ${atLimit.amount} USDC (limit ${limitPx})`;
  return {
    type: 'spotOrder',
    action: intent,
    actions: [
      { kind: 'spotOrder', order: { address: wallet.address, coin: coin.coin, side, size: size!, limitPx } },
    ],
    review: {
      type: 'spotOrder',
      walletId: wallet.id,
      summary: `${summary}, plus the taker fee; immediate-or-cancel, it may fill partly or not at all`,
      side,
      coin: coin.coin,
      sizing: intent.sizing,
      size,
      markPx,
      limitPx,
      slippagePercent: intent.slippage,
      /** Rounded size × limit: what the 10-USDC minimum is checked on. */
      notionalUsdc: notional.toFixed(),
      /** A buy's most paid, or a sell's least received for a full fill, fee excluded. */
      usdcAtLimit: atLimit,
      /** Kept free for the taker fee (a buy's funds check); the venue charges at most this. */
      feeAllowance: reviewAmount(usdc, perpOrderCostAllowanceRaw(size!, limitPx, usdc.decimals), prices),
      availableUsdc: reviewAmount(usdc, available, prices),
      spotBalance: held,
    },
    continuation: null,
  };
}
