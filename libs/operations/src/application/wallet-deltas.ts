import type { ServiceDelta } from '@vetted/accounts';
import { extend } from '@vetted/kernel';
import type { Network } from '@vetted/venues';
import { type LegReceipt, movementSign } from '../domain';

/**
 * The signed net movement per asset for one address in a receipt (value and fees), each with the
 * block it landed in: the receipt's, or a cross-chain delivery's own on its network (null where
 * the receipt names none), and the asset's symbol and decimals when the receipt names them.
 */
export function walletDeltas(receipt: LegReceipt, address: string): ServiceDelta[] {
  const sums = new Map<string, { delta: ServiceDelta; raw: bigint }>();
  for (const m of receipt.transfers) {
    const sign = movementSign(m, address);
    if (sign === 0n) continue;
    const key = `${m.network}:${m.token ?? 'native'}`;
    let entry = sums.get(key);
    if (!entry) {
      const blockNumber = m.blockNumber ?? (m.network === receipt.network ? receipt.blockNumber : null);
      const delta: ServiceDelta = {
        network: m.network as Network,
        token: m.token,
        amountRaw: '0',
        blockNumber,
      };
      if (m.symbol !== undefined && m.decimals !== undefined) {
        delta.symbol = m.symbol;
        delta.decimals = m.decimals;
      }
      entry = { delta, raw: 0n };
      sums.set(key, entry);
    }
    entry.raw += sign * BigInt(m.amountRaw);
  }
  return [...sums.values()]
    .filter((entry) => entry.raw !== 0n)
    .map((entry) => extend(entry.delta, { amountRaw: entry.raw.toString() }));
}
