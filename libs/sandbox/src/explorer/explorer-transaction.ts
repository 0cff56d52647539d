import type { Network, TxStatus } from '@vetted/venues';
import { formatUnits } from '@vetted/venues';
import { assetInfo, tokenInfo } from '../tokens/asset-directory';
import { feeAssetOf } from '../tokens/token-registry';
import type { TxRecord } from '../txs/tx-log';
import { iso } from '../world/world-clock';

export interface ExplorerTransfer {
  network: Network;
  token: string | null;
  symbol: string;
  decimals: number;
  from: string | null;
  to: string | null;
  amountRaw: string;
  amount: string;
  purpose: 'value' | 'fee';
}

/**
 * Everything an explorer page shows for a sandbox transaction; amounts as strings, ready to render.
 * What a public chain's explorer would show, so not the submission id: the service's is its private
 * operation id and leg (found by a probe).
 */
export interface ExplorerTransaction {
  network: Network;
  hash: string;
  status: TxStatus;
  kind: string;
  blockNumber: number | null;
  /** Block time once settled, submission time while pending. */
  timestamp: string;
  submittedAt: string;
  from: string | null;
  to: string | null;
  nonce: number | null;
  transfers: ExplorerTransfer[];
  fee: { token: string | null; symbol: string; amountRaw: string; amount: string };
  error: string | null;
}

export function explorerTransaction(record: TxRecord): ExplorerTransaction {
  const feeAsset = feeAssetOf(record.network);
  const feeInfo = tokenInfo(feeAsset);
  const feeRaw = record.outcome?.feeRaw ?? 0n;
  return {
    network: record.network,
    hash: record.hash,
    status: record.status,
    kind: record.kind,
    blockNumber: record.blockNumber,
    timestamp: iso(record.blockMs ?? record.submittedMs),
    submittedAt: iso(record.submittedMs),
    from: record.from,
    to: record.to,
    nonce: record.nonce,
    transfers: (record.outcome?.transfers ?? []).map((t) => {
      const info = assetInfo({ network: t.network, token: t.token });
      const decimals = info?.decimals ?? 0;
      return {
        network: t.network,
        token: t.token,
        symbol: info?.symbol ?? '?',
        decimals,
        from: t.from,
        to: t.to,
        amountRaw: t.amountRaw.toString(),
        amount: formatUnits(t.amountRaw, decimals),
        purpose: t.purpose,
      };
    }),
    fee: {
      token: feeAsset.token,
      symbol: feeInfo?.symbol ?? '?',
      amountRaw: feeRaw.toString(),
      amount: formatUnits(feeRaw, feeInfo?.decimals ?? 0),
    },
    error: record.outcome?.error ?? null,
  };
}
