import type { OperationCreatedData } from './events';

/**
 * The caller's other wallet an operation delivers to: recorded by preparation (`recipientWalletId`),
 * or, for operations recorded before it was, named by id in the request: a send's `to.walletId`
 * (Shape A `sendIntent.to`, Shape B `to`), a swap's `toWalletId`.
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
