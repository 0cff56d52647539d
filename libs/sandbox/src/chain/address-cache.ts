import type { Network } from '@vetted/venues';
import { addressFamily, normalizeAddress } from '@vetted/venues';

const MAX_ENTRIES = 10_000;
const cache = new Map<string, string | null>();

/** `normalizeAddress`, remembered: an EIP-55 checksum costs a keccak, and hot paths see the same addresses. */
export function cachedAddress(network: Network, address: unknown): string | null {
  if (typeof address !== 'string') return null;
  const key = `${addressFamily(network)}:${address}`;
  let normalized = cache.get(key);
  if (normalized === undefined) {
    normalized = normalizeAddress(network, address);
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(key, normalized);
  }
  return normalized;
}
