import type { TxReceipt } from '@vetted/venues';
import { feeAssetOf } from '../tokens/token-registry';
import { iso } from '../world/world-clock';
import type { TxRecord } from './tx-log';

/**
 * A recorded submission as the `ChainClient` port shows it. `kind` is a chain transaction kind,
 * or `perpOrder`, `predictOrder`, `depositWalletDeploy` or `faucet` for the world's other records.
 */
export function toReceipt(record: TxRecord): TxReceipt {
  return {
    submissionId: record.submissionId,
    hash: record.hash,
    network: record.network,
    kind: record.kind,
    from: record.from,
    to: record.to,
    status: record.status,
    blockNumber: record.blockNumber,
    blockTime: record.blockMs === null ? null : iso(record.blockMs),
    submittedAt: iso(record.submittedMs),
    gasFeeRaw: record.outcome?.feeRaw ?? 0n,
    feeAsset: feeAssetOf(record.network),
    transfers: record.outcome?.transfers ?? [],
    error: record.outcome?.error ?? null,
  };
}
