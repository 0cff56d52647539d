import type { ChainTx, EvmNetwork } from '@vetted/venues';
import { isEvmNetwork } from '@vetted/venues';

/** Fixed gas prices (wei per gas): the sandbox has no fee market. */
export const GAS_PRICE_WEI: Record<EvmNetwork, bigint> = {
  ethereum: 5_000_000_000n,
  base: 10_000_000n,
  arbitrum: 10_000_000n,
  polygon: 30_000_000_000n,
};

export const GAS_UNITS = {
  nativeTransfer: 21_000n,
  tokenTransfer: 65_000n,
  approve: 46_000n,
  swap: 180_000n,
  crossNetworkSwap: 260_000n,
} as const;

export const SOLANA_FEE_LAMPORTS = 5_000n;

/** EVM intrinsic gas: 21000 plus 16 per non-zero and 4 per zero calldata byte. */
export function intrinsicGas(data: string): bigint {
  let gas = 21_000n;
  for (let i = 2; i < data.length; i += 2) gas += data.slice(i, i + 2) === '00' ? 4n : 16n;
  return gas;
}

function gasUnits(tx: ChainTx): bigint {
  switch (tx.kind) {
    case 'transfer':
      return tx.token === null ? GAS_UNITS.nativeTransfer : GAS_UNITS.tokenTransfer;
    case 'approve':
      return GAS_UNITS.approve;
    case 'swap':
      return tx.assetOut.network === tx.network ? GAS_UNITS.swap : GAS_UNITS.crossNetworkSwap;
    case 'evmCall':
      return intrinsicGas(tx.data);
    case 'solanaTransaction':
      return 0n;
  }
}

/** The native fee the transaction is charged when it executes (reverted ones included). */
export function chargedFee(tx: ChainTx): bigint {
  if (tx.network === 'solana') return SOLANA_FEE_LAMPORTS;
  if (!isEvmNetwork(tx.network)) return 0n;
  return gasUnits(tx) * GAS_PRICE_WEI[tx.network];
}

/** What the signer must be able to afford at submission: an EVM call reserves its whole gas limit. */
export function maxFee(tx: ChainTx): bigint {
  if (tx.kind === 'evmCall') return tx.gasLimit * GAS_PRICE_WEI[tx.network];
  return chargedFee(tx);
}
