import type { AddressFamily, Network } from '@vetted/venues';
import { addressFamily, normalizeAddress } from '@vetted/venues';

const MAX_ENTRIES = 10_000;
/** One map per address family, so a lookup needs no key built from family and address. */
const caches: Record<AddressFamily, Map<string, string | null>> = { evm: new Map(), solana: new Map() };

/** `normalizeAddress`, remembered: an EIP-55 checksum costs a keccak, and hot paths see the same addresses. */
export function cachedAddress(network: Network, address: unknown): string | null {
  if (typeof address !== 'string') return null;
  const cache = caches[addressFamily(network)];
  let normalized = cache.get(address);
  if (normalized === undefined) {
    normalized = normalizeAddress(network, address);
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(address, normalized);
  }
  return normalized;
}
