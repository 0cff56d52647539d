import { accountDecider } from '@vetted/accounts';
import type { EventStore } from '@vetted/event-store';
import { accountStream, loadState } from '@vetted/event-store';
import { extend } from '@vetted/kernel';
import { PREDICT_VENUE } from '@vetted/venues';
import type { PreparationWallet } from '../preparation';

/** The user's wallets as preparation sees them. */
export interface PreparationWallets {
  /** Every wallet with an address, archived ones included (preparation tells them apart). */
  wallets: PreparationWallet[];
  /** Deposit wallets whose deployment has not succeeded: no address yet. */
  undeployed: number[];
}

export async function preparationWallets(store: EventStore, userId: string): Promise<PreparationWallets> {
  const account = await loadState(store, accountStream(userId), accountDecider);
  const out: PreparationWallets = { wallets: [], undeployed: [] };
  if (account.status !== 'active') return out;
  for (const w of account.wallets.values()) {
    if (w.address === null) {
      out.undeployed.push(w.id);
      continue;
    }
    const wallet = { id: w.id, family: w.family, address: w.address, archived: w.archived };
    out.wallets.push(w.kind === 'deposit' ? extend(wallet, { venue: PREDICT_VENUE.displayName }) : wallet);
  }
  return out;
}
