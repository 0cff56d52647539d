import { accountDecider } from '@vetted/accounts';
import type { EventStore, Position } from '@vetted/event-store';
import { accountStream, comparePositions, loadState } from '@vetted/event-store';
import type { ExistingOperation } from '../domain';
import { recipientWalletOf } from '../domain';
import type { LegFailure } from '../execution';

/**
 * Whether a wallet the operation pays from or delivers to was archived before its approval was
 * recorded, in `$all` order. Approval checks both wallets on the account as it reads it, then
 * records itself on the operation's own stream: an archive committed in between is not seen, and
 * the approval lands after it (found by a probe: approvals racing an archive executed sends out of
 * the archived wallet). Executing such an approval would move money the archive meant to stop, so
 * it fails before its first leg; an archive recorded after the approval does not stop it.
 */
export async function archivedBeforeApproval(
  store: EventStore,
  op: ExistingOperation['op'],
  approvedAt: Position,
): Promise<LegFailure | null> {
  const account = await loadState(store, accountStream(op.userId), accountDecider);
  if (account.status !== 'active') return null;
  const recipient = recipientWalletOf(op);
  const archived = [op.walletId, ...(recipient === undefined ? [] : [recipient])].filter(
    (id) => account.wallets.get(id)?.archived === true,
  );
  // The usual case costs the cached fold alone: no wallet of the operation is archived at all.
  if (archived.length === 0) return null;
  const before = new Set<number>();
  for (const event of await store.readStream(accountStream(op.userId)))
    if (event.type === 'WalletArchived' && comparePositions(event.position, approvedAt) < 0)
      before.add((event.data as { walletId: number }).walletId);
  if (before.has(op.walletId))
    return {
      kind: 'failed',
      code: 'SOURCE_WALLET_UNAVAILABLE',
      error: `wallet ${op.walletId} was archived before this approval was recorded; nothing was submitted`,
      effect: 'none',
    };
  if (recipient !== undefined && before.has(recipient))
    return {
      kind: 'failed',
      code: 'RECIPIENT_WALLET_UNAVAILABLE',
      error: `wallet ${recipient}, which this operation delivers to, was archived before this approval was recorded; nothing was submitted`,
      effect: 'none',
    };
  return null;
}
