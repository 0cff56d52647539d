import type { CapturedChainTx } from './actions';
import type { OperationCreatedData } from './events';

/**
 * The caller's other wallet an operation delivers to: recorded by preparation (`recipientWalletId`),
 * or, for operations recorded before it was, named by id in the request.
 */
export function recipientWalletOf(op: OperationCreatedData): number | undefined {
  return op.recipientWalletId ?? namedRecipientWallet(op.creationRequest);
}

/**
 * The wallet a request names by id to deliver to: a send's `to.walletId` (Shape A `sendIntent.to`,
 * Shape B `to`), a swap's `toWalletId` (Shape A `swapIntent`, Shape B the intent itself).
 */
export function namedRecipientWallet(request: unknown): number | undefined {
  const named = request as {
    sendIntent?: { to?: { walletId?: unknown } };
    swapIntent?: { toWalletId?: unknown };
    to?: { walletId?: unknown };
    toWalletId?: unknown;
  } | null;
  const id =
    named?.sendIntent?.to?.walletId ??
    named?.to?.walletId ??
    named?.swapIntent?.toWalletId ??
    named?.toWalletId;
  return typeof id === 'number' ? id : undefined;
}

/**
 * The address a chain transaction delivers value to, other than its signer: a transfer's target, a
 * swap's recipient elsewhere, a call's target when the call sends value; null when none.
 */
export function deliveryAddress(tx: CapturedChainTx): string | null {
  switch (tx.kind) {
    case 'transfer':
      return tx.to;
    case 'swap':
      return tx.recipient && tx.recipient !== tx.from ? tx.recipient : null;
    case 'evmCall':
      return tx.valueRaw !== '0' && tx.to !== tx.from ? tx.to : null;
    default:
      return null;
  }
}
