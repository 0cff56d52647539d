import { systemTransfersIn } from '@vetted/venues';
import type { CapturedChainTx } from './actions';
import type { OperationCreatedData } from './events';

/**
 * The caller's other wallet an operation delivers to: recorded by preparation (`recipientWalletId`),
 * or, for operations recorded before it was, named by id in the request: a send's `to.walletId`
 * (Shape A `sendIntent.to`, Shape B `to`), a Shape A swap's `toWalletId`.
 */
export function recipientWalletOf(op: OperationCreatedData): number | undefined {
  if (op.recipientWalletId !== undefined) return op.recipientWalletId;
  const request = op.creationRequest as {
    sendIntent?: { to?: { walletId?: unknown } };
    swapIntent?: { toWalletId?: unknown };
    to?: { walletId?: unknown };
  } | null;
  const named = request?.sendIntent?.to?.walletId ?? request?.to?.walletId ?? request?.swapIntent?.toWalletId;
  return typeof named === 'number' ? named : undefined;
}

/**
 * The wallet a Shape B intent names to deliver to: a send's `to.walletId`, a swap's `toWalletId`.
 * (A token approval's request is its swap's intent, yet the approval itself delivers nothing: its
 * swap's recipient is the continuation's, checked by `next`.)
 */
export function intentRecipientWallet(intent: unknown): number | undefined {
  const named = intent as { to?: { walletId?: unknown }; toWalletId?: unknown } | null;
  const id = named?.to?.walletId ?? named?.toWalletId;
  return typeof id === 'number' ? id : undefined;
}

/**
 * The address a chain transaction delivers value to, other than its signer: a transfer's target, a
 * swap's recipient elsewhere, a call's target when the call sends value, a Solana transaction's
 * first System transfer elsewhere that Solana would run; null when none.
 */
export function deliveryAddress(tx: CapturedChainTx): string | null {
  switch (tx.kind) {
    case 'transfer':
      return tx.to;
    case 'swap':
      return tx.recipient && tx.recipient !== tx.from ? tx.recipient : null;
    case 'evmCall':
      return tx.valueRaw !== '0' && tx.to !== tx.from ? tx.to : null;
    case 'solanaTransaction':
      // Found by a probe: SOL sent to another own wallet showed only the payer's side.
      return (
        systemTransfersIn(tx.transaction).find(
          (t) => t.refused === null && t.from === tx.from && t.to !== tx.from,
        )?.to ?? null
      );
    default:
      return null;
  }
}
