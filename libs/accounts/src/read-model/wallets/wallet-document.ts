import type { StoredDocument } from '@vetted/read-store';
import type { WalletFamily } from '../../domain/events';

/** One wallet of the wallet list, fed by its owner's account stream. */
export interface WalletDocument extends StoredDocument {
  id: number;
  userId: string;
  /** Null for a deposit wallet: it reads as `Predict - <controller wallet name>`. */
  name: string | null;
  family: WalletFamily;
  kind: 'regular' | 'deposit';
  /** Null only while a deposit wallet is not deployed. */
  address: string | null;
  archived: boolean;
  createdAt: string;
  /** Deposit wallets only. */
  venue?: 'predict';
  controllerWalletId?: number;
  deployment?: { status: 'pending' | 'deployed' | 'failed'; error: string | null };
}
