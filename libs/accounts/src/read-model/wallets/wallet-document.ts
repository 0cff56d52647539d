import type { StoredDocument } from '@vetted/read-store';
import type { WalletFamily } from '../../domain/events';

export interface WalletBalance {
  network: string;
  token: string | null;
  symbol: string;
  decimals: number;
  amountRaw: string;
  amountFormatted: string;
  usdValue: string | null;
}

export interface WalletRefresh {
  status: 'idle' | 'queued' | 'observed' | 'failed';
  lastObservedAt: string | null;
  error: string | null;
}

/** One wallet as the wallet list shows it, plus its owner for the index. */
export interface WalletDocument extends StoredDocument {
  id: number;
  userId: string;
  name: string;
  family: WalletFamily;
  kind: 'regular' | 'deposit';
  address: string;
  archived: boolean;
  createdAt: string;
  balances: WalletBalance[];
  agentHoldings: unknown[];
  refresh: WalletRefresh;
}

/** The wallet resource of the API. */
export type WalletResource = Omit<WalletDocument, '_id' | '_version' | 'userId' | 'createdAt'>;

export function renderWallet(doc: WalletDocument): WalletResource {
  return {
    id: doc.id,
    name: doc.name,
    family: doc.family,
    kind: doc.kind,
    address: doc.address,
    archived: doc.archived,
    balances: doc.balances,
    agentHoldings: doc.agentHoldings,
    refresh: doc.refresh,
  };
}
