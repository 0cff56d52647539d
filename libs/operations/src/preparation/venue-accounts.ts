import type { PerpCoin, PerpVenue, TokenDirectory, TokenInfo } from '@vetted/venues';
import { PUSD_SYMBOL } from '@vetted/venues';
import { pathOf, type FieldProblems } from './field-problems';
import type { PreparationWallet } from './preparation-context';

/** The perp and prediction venues key their accounts by EVM address. `path`: Shape B gives `intent.walletId`. */
export function requireEvmWallet(
  wallet: PreparationWallet,
  venue: string,
  problems: FieldProblems,
  path = pathOf('walletId'),
): void {
  if (wallet.family !== 'evm')
    problems.add(path, `must be an EVM wallet: ${venue} accounts belong to EVM addresses`);
}

/** A coin of the perp venue, named verbatim (`BTC`, not `btc`). */
export async function venueCoin(
  perps: PerpVenue,
  coin: string,
  path: string,
  problems: FieldProblems,
): Promise<PerpCoin | null> {
  const coins = await perps.coins();
  const found = coins.find((c) => c.coin === coin) ?? null;
  if (!found) problems.add(path, `is not a coin of the perp venue (${coins.map((c) => c.coin).join(', ')})`);
  return found;
}

function registered(tokens: TokenDirectory, network: string, symbol: string): TokenInfo {
  const found = tokens.tokens().find((t) => t.network === network && t.symbol === symbol);
  if (!found) throw new Error(`the token directory has no ${symbol} on ${network}`);
  return found;
}

/** The perp venue's collateral: USDC on `perps`. */
export const perpsUsdc = (tokens: TokenDirectory): TokenInfo => registered(tokens, 'perps', 'USDC');

/** The prediction venue's dollar token on polygon. */
export const predictionDollar = (tokens: TokenDirectory): TokenInfo =>
  registered(tokens, 'polygon', PUSD_SYMBOL);
