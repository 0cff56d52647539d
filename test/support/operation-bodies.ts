import { USDC_ADDRESSES } from '@vetted/sandbox';

const USDC = USDC_ADDRESSES.base;

/** A Shape A send of `amount` USDC on base from the wallet to `to` (`{ walletId }` or `{ address }`). */
export function usdcSend(walletId: number, to: object, amount = '5') {
  return { kind: 'send', walletId, sendIntent: { token: { network: 'base', token: USDC }, amount, to } };
}

/**
 * A Shape A swap on base of `amount` (human units) of `from` for `to` (token addresses, null for
 * ETH), under the user's quote floor in raw units.
 */
export function baseSwap(
  walletId: number,
  from: string | null,
  to: string | null,
  amount: string,
  quoteFloor: { sellRaw: string; receiveRaw: string },
) {
  return {
    kind: 'swap',
    walletId,
    swapIntent: {
      from: { network: 'base', token: from },
      to: { network: 'base', token: to },
      amount,
      quoteFloor,
    },
  };
}

/** A Shape B swap intent on base of `amount` USDC for ETH (the USDC address in lower case, as clients may send it). */
export function usdcForEthIntent(walletId: number, amount: unknown = '10', slippage?: string) {
  return {
    type: 'swap',
    walletId,
    from: { network: 'base', asset: USDC.toLowerCase() },
    to: { network: 'base', asset: 'native' },
    amount,
    ...(slippage !== undefined && { slippage }),
  };
}
