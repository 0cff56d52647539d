import { USDC_ADDRESSES } from '@vetted/sandbox';
import { ETH, USDC, type preparationSandbox } from '../../../preparation/testing/preparation-sandbox';
import { readShapeBIntent, type SwapIntentB } from '../../intent';
import { prepareSwapB } from '../prepare-swap-b';

export const usdcEth = USDC_ADDRESSES.ethereum;
export const usdcBase = USDC_ADDRESSES.base;

/** A swap intent as the reader gives it (JSON in, normalised out). */
export const swap = (fields: Record<string, unknown>, walletId = 1): SwapIntentB =>
  readShapeBIntent({ type: 'swap', walletId, ...fields }) as SwapIntentB;
export const usdcToEth = (amount: unknown, more: Record<string, unknown> = {}) =>
  swap({
    from: { network: 'ethereum', asset: usdcEth },
    to: { network: 'ethereum', asset: 'native' },
    amount,
    ...more,
  });
export const ethToUsdcOnBase = (amount: unknown, more: Record<string, unknown> = {}) =>
  swap({
    from: { network: 'base', asset: 'native' },
    to: { network: 'base', asset: usdcBase },
    amount,
    ...more,
  });

/**
 * A sandbox world whose wallet 1 holds 1 ETH and 1000 USDC on ethereum and 1 ETH on base, with
 * `prepare` (as the intent's wallet) and `quote` (the sandbox quoter, for expected amounts).
 */
export async function swapWorld(open: ReturnType<typeof preparationSandbox>) {
  const world = open();
  const { sandbox, wallets, context } = world;
  await sandbox.faucet('ethereum', wallets.evm.address, null, ETH);
  await sandbox.faucet('ethereum', wallets.evm.address, usdcEth, 1000n * USDC);
  await sandbox.faucet('base', wallets.evm.address, null, ETH);
  const prepare = (intent: SwapIntentB) =>
    prepareSwapB(intent, context(intent.walletId === 2 ? wallets.solana : wallets.evm));
  const quote = (
    from: { network: 'ethereum' | 'base'; token: string | null },
    to: typeof from,
    amountInRaw: bigint,
  ) => sandbox.quoter.quote({ from, to, amountInRaw });
  return { ...world, prepare, quote };
}
