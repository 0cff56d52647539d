import type { PerpPosition, PerpSide } from '@vetted/venues';
import {
  Dec,
  formatUnits,
  meetsPerpMinimum,
  openPosition,
  PERP_MIN_ORDER_VALUE,
  positionSide,
} from '@vetted/venues';
import { describeAmount, rawAmount } from './amounts';
import { FieldProblems, pathOf } from './field-problems';
import { perpCostAllowanceRaw, perpLimitPrice, perpMaxMarginRaw, perpOpenSize } from './perp-sizing';
import type { PreparationContext } from './preparation-context';
import { BelowMinimumOrder, InsufficientFunds } from './refusals';
import { reviewAmount, type Prepared } from './review';
import type { PerpOpenOperation } from './shape-a-request';
import { UsdPrices, usdString } from './usd-prices';
import { perpsUsdc, requireEvmWallet, venueCoin } from './venue-accounts';
import { DEFAULT_SLIPPAGE_PERCENT } from './venue-slippage';

const at = (field: string): string => pathOf('perpIntent', field);

/** Shape A leaves leverage optional; without it (and without a position) the exposure equals the margin. */
export const DEFAULT_PERP_OPEN_LEVERAGE = 1;

/**
 * The leverage of an order on a coin the wallet may already hold a position in. The venue keeps one
 * leverage per position, and an order at another re-levers the whole position (a 40x position
 * would need forty times its margin at 1x, or silently turn 1x): so an order on an open position
 * takes its leverage when none is given, and another one is refused at `path`. Null when refused.
 */
export function leverageOnPosition(
  given: number | undefined,
  fallback: number,
  position: PerpPosition | undefined,
  coin: string,
  path: string,
  problems: FieldProblems,
): number | null {
  if (position === undefined) return given ?? fallback;
  if (given === undefined || given === position.leverage) return position.leverage;
  problems.add(
    path,
    `the open ${coin} position is at ${position.leverage}x, and an order on it would re-lever the whole ` +
      `position: give ${position.leverage} or leave leverage out`,
  );
  return null;
}

/**
 * An open adds to a position on its own side only. The venue nets one position per coin, so an
 * order on the other side would reduce or flip the position while its review says it opens one:
 * refused at `path`, naming the reduction (`instead`) that says what it does.
 */
export function refuseOppositeSide(
  side: 'long' | 'short',
  position: PerpPosition | undefined,
  coin: string,
  path: string,
  instead: string,
  problems: FieldProblems,
): void {
  if (position === undefined) return;
  const held = positionSide(position);
  if (held !== side)
    problems.add(
      path,
      `the open ${coin} position is ${held}: going ${side} would reduce or flip it, not open one; ${instead}`,
    );
}

/**
 * Opens (or adds to) a position: exposure = `amountUsdc` margin × leverage at the venue's mark,
 * as an immediate-or-cancel limit order at the mark moved by the default 1% slippage. The margin
 * account (USDC on `perps` of the wallet's EVM address) must have the margin free, plus a cost
 * allowance for the taker fee.
 */
export async function preparePerpOpen(
  operation: PerpOpenOperation,
  context: PreparationContext,
): Promise<Prepared> {
  const { wallet, ports } = context;
  const intent = operation.perpIntent;
  const usdc = perpsUsdc(ports.tokens);
  const problems = new FieldProblems();
  requireEvmWallet(wallet, 'perp venue', problems);
  const coin = await venueCoin(ports.perps, intent.coin, at('coin'), problems);
  if (coin && intent.leverage !== undefined && intent.leverage > coin.maxLeverage)
    problems.add(at('leverage'), `must be at most ${coin.maxLeverage} for ${coin.coin}`);
  const amount = rawAmount(intent.amountUsdc, true, usdc, at('amountUsdc'), problems);
  problems.throwIfAny();
  const [market, requested] = [coin!, amount!];

  const account = await ports.perps.account(wallet.address);
  const position = openPosition(account.positions, market.coin);
  refuseOppositeSide(intent.side, position, market.coin, at('side'), 'close it first (perpClose)', problems);
  const chosen = leverageOnPosition(
    intent.leverage,
    DEFAULT_PERP_OPEN_LEVERAGE,
    position,
    market.coin,
    at('leverage'),
    problems,
  );
  problems.throwIfAny();
  const leverage = chosen!;
  const available = account.withdrawableRaw;
  const marginRaw = requested.kind === 'exact' ? requested.raw : perpMaxMarginRaw(available, leverage);
  if (marginRaw <= 0n)
    throw new InsufficientFunds(
      `the perp margin account of wallet ${wallet.id} has ${describeAmount(available, usdc)} free, too little to open a position`,
    );

  const orderSide: PerpSide = intent.side === 'long' ? 'buy' : 'sell';
  const markPx = await ports.perps.markPrice(market.coin);
  const limitPx = perpLimitPrice(markPx, orderSide, market);
  const size = perpOpenSize(marginRaw, usdc.decimals, leverage, markPx, market);
  if (size === '0' || !meetsPerpMinimum(size, limitPx))
    throw new BelowMinimumOrder(
      `${size} ${market.coin} at a limit of ${limitPx} is ${new Dec(size).times(limitPx).toFixed()} USDC; ` +
        `the venue's minimum order is ${PERP_MIN_ORDER_VALUE} USDC`,
    );
  const allowanceRaw = perpCostAllowanceRaw(marginRaw, leverage);
  if (available < marginRaw + allowanceRaw)
    throw new InsufficientFunds(
      `the perp margin account of wallet ${wallet.id} has ${describeAmount(available, usdc)} free; this order needs ` +
        `${formatUnits(marginRaw, usdc.decimals)} margin + ${formatUnits(allowanceRaw, usdc.decimals)} for fees`,
    );

  const coinAsset = { network: 'perps' as const, token: market.coin, symbol: market.coin };
  const prices = await UsdPrices.read(ports.prices, [coinAsset, usdc]);
  const margin = reviewAmount(usdc, marginRaw, prices);
  const notionalUsd = usdString(prices.of(coinAsset)!.times(size));
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
          reduceOnly: false,
          leverage,
        },
      },
    ],
    review: {
      kind: 'perp',
      walletId: wallet.id,
      summary:
        `Open ${intent.side} ${size} ${market.coin} at ${leverage}x${position ? " (the open position's leverage)" : ''} ` +
        `with ${margin.amount} USDC margin (about ${notionalUsd} USD), limit ${limitPx}`,
      coin: market.coin,
      side: intent.side,
      orderSide,
      leverage,
      margin,
      marginIsMax: requested.kind === 'max',
      size,
      markPx,
      limitPx,
      slippagePercent: DEFAULT_SLIPPAGE_PERCENT,
      notionalUsd,
      costAllowance: reviewAmount(usdc, allowanceRaw, prices),
      availableMargin: reviewAmount(usdc, available, prices),
    },
  };
}
