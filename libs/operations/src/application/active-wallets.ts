import { accountDecider } from '@vetted/accounts';
import type { EventStore } from '@vetted/event-store';
import { accountStream, loadState } from '@vetted/event-store';
import { RecipientWalletUnavailable, SourceWalletUnavailable } from '../domain';

/** Whether each of the caller's wallets may still pay or receive: present, not archived, deployed. */
export async function activeWallets(
  store: EventStore,
  userId: string,
): Promise<(walletId: number) => boolean> {
  const account = await loadState(store, accountStream(userId), accountDecider);
  return (walletId) => {
    const wallet = account.status === 'active' ? account.wallets.get(walletId) : undefined;
    return wallet !== undefined && !wallet.archived && wallet.address !== null;
  };
}

/** The caller's wallets an operation to prepare would pay from and deliver to. */
export interface OperationWallets {
  /** What the errors call the operation: `this operation`, `the continuation`. */
  of: string;
  source: number;
  /** Another of the caller's wallets it delivers to, if any. */
  recipient: number | undefined;
}

/**
 * A successor (`refresh`, `next`) is prepared for the wallets it would use: one archived since is
 * refused as approval refuses it (400 `SOURCE_WALLET_UNAVAILABLE` or `RECIPIENT_WALLET_UNAVAILABLE`),
 * not with the fresh preparation's field error, which named fields the call does not have.
 */
export async function requireActiveWallets(
  store: EventStore,
  userId: string,
  { of, source, recipient }: OperationWallets,
): Promise<void> {
  const active = await activeWallets(store, userId);
  if (!active(source)) throw new SourceWalletUnavailable(`the wallet ${of} pays from is archived or missing`);
  // Nothing to discard: a new review is the way on (the original may have run already).
  if (recipient !== undefined && !active(recipient))
    throw new RecipientWalletUnavailable(
      `the wallet ${of} delivers to is archived or missing; review a new operation to an active wallet`,
    );
}
