import { accountDecider } from '@vetted/accounts';
import type { EventStore } from '@vetted/event-store';
import { accountStream, loadState } from '@vetted/event-store';
import { extend } from '@vetted/kernel';
import { PREDICT_VENUE } from '@vetted/venues';
import type { PreparationWallet } from '../preparation';

/** Every wallet of the user with an address, archived ones included (preparation tells them apart). */
export async function preparationWallets(store: EventStore, userId: string): Promise<PreparationWallet[]> {
  const account = await loadState(store, accountStream(userId), accountDecider);
  if (account.status !== 'active') return [];
  return [...account.wallets.values()].flatMap((w): PreparationWallet[] => {
    if (w.address === null) return [];
    const wallet = { id: w.id, family: w.family, address: w.address, archived: w.archived };
    return [w.kind === 'deposit' ? extend(wallet, { venue: PREDICT_VENUE.displayName }) : wallet];
  });
}
