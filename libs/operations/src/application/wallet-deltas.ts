import type { ServiceDelta } from '@vetted/accounts';
import type { Network } from '@vetted/venues';
import type { LegReceipt } from '../domain';

/**
 * The signed net movement per asset for one address in a receipt (value and fees), each with the
 * receipt's block where it moved on the receipt's own network (a cross-chain delivery's block on
 * its destination is not in the receipt).
 */
export function walletDeltas(receipt: LegReceipt, address: string): ServiceDelta[] {
  const sums = new Map<string, { network: Network; token: string | null; raw: bigint }>();
  for (const m of receipt.transfers) {
    const sign = m.to === address ? 1n : m.from === address ? -1n : 0n;
    if (sign === 0n) continue;
    const key = `${m.network}:${m.token ?? 'native'}`;
    const entry = sums.get(key) ?? { network: m.network as Network, token: m.token, raw: 0n };
    entry.raw += sign * BigInt(m.amountRaw);
    sums.set(key, entry);
  }
  return [...sums.values()]
    .filter((d) => d.raw !== 0n)
    .map(({ network, token, raw }) => ({
      network,
      token,
      amountRaw: raw.toString(),
      blockNumber: network === receipt.network ? receipt.blockNumber : null,
    }));
}
