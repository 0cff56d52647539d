import type { TransferTx } from '@vetted/venues';
import { USDC_ADDRESSES } from '../tokens/token-registry';
import { ETH, USDC, evm, id, type sandboxFixture } from './sandbox-fixture';

const usdcEth = USDC_ADDRESSES.ethereum;

/** A sandbox where `alice` holds 1 ETH and 1000 USDC on ethereum, and `bob` nothing. */
export async function fundedOnEthereum(fixture: ReturnType<typeof sandboxFixture>) {
  const { sandbox, clock, file } = fixture.open();
  const alice = evm();
  const bob = evm();
  await sandbox.faucet('ethereum', alice, null, ETH);
  await sandbox.faucet('ethereum', alice, usdcEth, 1000n * USDC);
  return { sandbox, clock, file, alice, bob };
}

export const usdcTransfer = (
  from: string,
  to: string,
  amountRaw: bigint,
  submissionId = id(),
): TransferTx => ({
  kind: 'transfer',
  submissionId,
  network: 'ethereum',
  from,
  to,
  token: usdcEth,
  amountRaw,
});
