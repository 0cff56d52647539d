import { extend } from '@vetted/kernel';
/** An asset as an activity item names it. */
export interface ActivityAsset {
  network: string;
  token: string | null;
  symbol: string;
  decimals: number;
}

export interface AssetChange {
  /** Exact signed decimal; a fee, when known, is already included (never subtract it again). */
  amount: string;
  /** The same in raw base units, signed. */
  amountRaw: string;
  walletAddress: string;
  asset: ActivityAsset;
  /** USD value of `amount`, to the cent, at the observed price; null without a good price, and on operation items (no price is recorded at execution). */
  valuation: { usd: string } | null;
  /** Signed; null means the breakdown is unavailable. */
  feeAmount: string | null;
  kind: 'transfer' | 'fee' | 'balance';
}

export interface ActivityReference {
  label: string;
  /** A known receipt hash (stored); its explorer `url` is added when the item is rendered. */
  hash: string | null;
  url: string | null;
}

/** The activity item of the reference (feed entries, operation activity, agent logs all share it). */
export interface ActivityItem {
  action: string;
  title: string;
  networks: string[];
  route: { source: string; destination: string } | null;
  /** Null: no operation or receipt verdict (not "pending", not "failed"). */
  isSuccess: boolean | null;
  error: string | null;
  reason: string | null;
  assetChanges: AssetChange[];
  references: ActivityReference[];
  transactionHash: string | null;
  transactionUrl: string | null;
  /** When the activity was observed or settled. */
  at: string;
}

/** Explorer links are added at read time (they depend on where the service is published). */
export function renderActivity(item: ActivityItem, explorerUrl: (hash: string) => string): ActivityItem {
  return extend(item, {
    references: item.references.map((r) => extend(r, { url: r.hash ? explorerUrl(r.hash) : null })),
    transactionUrl: item.transactionHash ? explorerUrl(item.transactionHash) : null,
  });
}
