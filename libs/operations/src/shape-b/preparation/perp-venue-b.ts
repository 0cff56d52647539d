import type { PerpCoin } from '@vetted/venues';
import { Dec, PERP_MIN_ORDER_VALUE, meetsPerpMinimum } from '@vetted/venues';
import type { FieldProblems } from '../../preparation/field-problems';
import type { PreparationContext } from '../../preparation/preparation-context';
import { BelowMinimumOrder } from '../../preparation/refusals';
import type { PricedAsset } from '../../preparation/usd-prices';
import { requireEvmWallet, venueCoin } from '../../preparation/venue-accounts';
import { at } from '../intent/intent-arm';
import { WALLET_ID_PATH } from './wallet-family';

/**
 * The coin a `perpOrder` names, for the wallet's EVM margin account: a problem at `intent.walletId`
 * for a non-EVM wallet and at `intent.coin` for a coin the venue does not list (names are verbatim).
 */
export async function perpOrderCoin(
  coin: string,
  context: PreparationContext,
  problems: FieldProblems,
): Promise<PerpCoin | null> {
  requireEvmWallet(context.wallet, 'perp venue', problems, WALLET_ID_PATH);
  return venueCoin(context.ports.perps, coin, at('coin'), problems);
}

/** A perp coin as the price reader keys it (`perps`, the coin id), for the review's USD notional. */
export const perpCoinAsset = (coin: string): PricedAsset => ({ network: 'perps', token: coin, symbol: coin });

/**
 * Rule 14: rounded size × venue-rounded limit price must reach the venue's 10-quote-unit minimum
 * (only whole-position closes are exempt, and their callers do not ask).
 */
export function requirePerpMinimum(size: string, limitPx: string, coin: PerpCoin): void {
  if (!meetsPerpMinimum(size, limitPx))
    throw new BelowMinimumOrder(
      `${size} ${coin.coin} at a limit of ${limitPx} is ${new Dec(size).times(limitPx).toFixed()} USDC; ` +
        `the venue's minimum order is ${PERP_MIN_ORDER_VALUE} USDC`,
    );
}
