import { accountDecider } from '@vetted/accounts';
import type { EventStore } from '@vetted/event-store';
import { accountStream, loadState } from '@vetted/event-store';
import type { PreparationWallet } from '../preparation';

/** Every wallet of the user with an address, archived ones included (preparation tells them apart). */
export async function preparationWallets(store: EventStore, userId: string): Promise<PreparationWallet[]> {
  const account = await loadState(store, accountStream(userId), accountDecider);
  if (account.status !== 'active') return [];
  return [...account.wallets.values()].flatMap((w) =>
    w.address === null ? [] : [{ id: w.id, family: w.family, address: w.address, archived: w.archived }],
  );
}
