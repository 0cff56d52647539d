import type { BalanceChange } from '@vetted/accounts';
import { Dec, formatUnits } from '@vetted/venues';
import type { ActivityItem, AssetChange } from './activity-item';

export interface ObservedChanges {
  address: string;
  observedAt: string;
  changes: readonly BalanceChange[];
}

/**
 * A balance observation no service transaction explains: it shows the observed amounts and time,
 * and identifies no transaction (no references, hash, URL or verdict).
 */
export function balanceChangeItem({ address, observedAt, changes }: ObservedChanges): ActivityItem {
  return {
    action: 'balance_change',
    title: 'Balance changed',
    networks: [...new Set(changes.map((c) => c.network))],
    route: null,
    isSuccess: null,
    error: null,
    reason: null,
    assetChanges: changes.map((change) => assetChange(address, change)),
    references: [],
    transactionHash: null,
    transactionUrl: null,
    at: observedAt,
  };
}

function assetChange(walletAddress: string, change: BalanceChange): AssetChange {
  const delta = BigInt(change.amountRaw) - BigInt(change.previousRaw);
  const amount = formatUnits(delta, change.decimals);
  return {
    amount,
    amountRaw: delta.toString(),
    walletAddress,
    asset: { network: change.network, token: change.token, symbol: change.symbol, decimals: change.decimals },
    valuation:
      change.usdPrice === null
        ? null
        : { usd: new Dec(amount).times(change.usdPrice).toDecimalPlaces(2, Dec.ROUND_HALF_EVEN).toFixed(2) },
    feeAmount: null,
    kind: 'balance',
  };
}
