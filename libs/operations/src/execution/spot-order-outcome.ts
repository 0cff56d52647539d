import type { SpotOrderResult, TokenDirectory } from '@vetted/venues';
import { Dec } from '@vetted/venues';
import type { LegReceipt } from '../domain/events';
import { iocReceipt, nothingFilled, perpsUsdcMove } from './ioc-order-outcome';
import type { LegOutcome } from './leg-outcome';

/**
 * A spot order as the leg reports it, as `perpOrderOutcome` does for perp orders: an IOC order
 * settles with whatever it filled (a partial fill with its filled size), and one that filled
 * nothing moved nothing, so it fails before effect with `SLIPPAGE_EXCEEDED`.
 *
 * The receipt's transfers are both sides of the trade on `perps`: the USDC (the payment or
 * proceeds, and the fee), and the coins, as the venue's coin id (`DOGE`) in raw units of the
 * coin's decimals as `tokens` describes it (10^-szDecimals: a size never carries more), to a buyer
 * or from a seller. The venue's side is not named (null), as for the USDC. The coins are the
 * address's holdings on `perps` (balance observations see them), so the wallets learn what the
 * order moved from these transfers. A coin the directory does not describe (or a size finer than
 * its decimals) is left to the `fill` (`filledSize`, `balance`).
 */
export function spotOrderOutcome(
  result: SpotOrderResult,
  address: string,
  tokens: TokenDirectory,
): LegOutcome {
  if (result.status === 'unfilled' && result.feeRaw === 0n && result.quoteRaw === 0n)
    return nothingFilled(`spot ${result.side}`, result);
  const { quoteRaw, feeRaw } = result;
  const buy = result.side === 'buy';
  const coin = spotCoinMove(result, address, tokens);
  const transfers = [
    ...(quoteRaw > 0n && buy ? [perpsUsdcMove(address, null, quoteRaw, 'value')] : []),
    ...(quoteRaw > 0n && !buy ? [perpsUsdcMove(null, address, quoteRaw, 'value')] : []),
    ...(coin ? [coin] : []),
    ...(feeRaw > 0n ? [perpsUsdcMove(address, null, feeRaw, 'fee')] : []),
  ];
  const fill = { venue: 'perpsSpot' as const, quoteRaw: quoteRaw.toString(), balance: result.balance };
  return { kind: 'settled', receipt: iocReceipt(result, transfers, fill) };
}

function spotCoinMove(
  result: SpotOrderResult,
  address: string,
  tokens: TokenDirectory,
): LegReceipt['transfers'][number] | null {
  const info = tokens.tokenInfo({ network: 'perps', token: result.coin });
  if (!info) return null;
  const raw = new Dec(result.filledSize).times(new Dec(10).pow(info.decimals));
  if (!raw.isInteger() || raw.lte(0)) return null;
  const [from, to] = result.side === 'buy' ? [null, address] : [address, null];
  return { network: 'perps', token: result.coin, from, to, amountRaw: raw.toFixed(), purpose: 'value' };
}
