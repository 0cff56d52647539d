import { isSolanaAddress, parseEvmAddress } from '@vetted/kernel';

export const EVM_NETWORKS = ['ethereum', 'base', 'arbitrum', 'polygon'] as const;
/** Every network the service can touch; `perps` is the perp venue's core network. */
export const NETWORKS = [...EVM_NETWORKS, 'solana', 'perps'] as const;

export type EvmNetwork = (typeof EVM_NETWORKS)[number];
export type Network = (typeof NETWORKS)[number];
export type AddressFamily = 'evm' | 'solana';

export function isNetwork(value: unknown): value is Network {
  return typeof value === 'string' && (NETWORKS as readonly string[]).includes(value);
}

export function isEvmNetwork(network: Network): network is EvmNetwork {
  return (EVM_NETWORKS as readonly string[]).includes(network);
}

/** The perp venue keys its accounts by EVM address, so `perps` belongs to the EVM family. */
export function addressFamily(network: Network): AddressFamily {
  return network === 'solana' ? 'solana' : 'evm';
}

/**
 * An address in the form a network keeps it: EIP-55 for the EVM family (all-lowercase input is
 * accepted and checksummed, a wrong mixed-case checksum is refused), base58 of 32 bytes for Solana.
 */
export function normalizeAddress(network: Network, address: string): string | null {
  if (typeof address !== 'string') return null;
  if (addressFamily(network) === 'solana') return isSolanaAddress(address) ? address : null;
  return parseEvmAddress(address);
}

/** The largest raw amount a network's token can come to, and how messages name it. */
export interface RawAmountBound {
  max: bigint;
  described: string;
}

const U64: RawAmountBound = { max: (1n << 64n) - 1n, described: '2^64 - 1 raw units (a u64)' };
const UINT256: RawAmountBound = { max: (1n << 256n) - 1n, described: '2^256 - 1 raw units (a uint256)' };

/**
 * Solana keeps lamports and SPL token amounts in a u64; the EVM family (the perp venue included,
 * which settles in an EVM chain's USDC) in a uint256. No balance, supply or transfer goes past it.
 */
export function rawAmountBound(network: Network): RawAmountBound {
  return network === 'solana' ? U64 : UINT256;
}
