import { extend } from '@vetted/kernel';
import type { TokenMovement, TxReceipt } from '@vetted/venues';
import type { LegReceipt } from '../domain/events';
import type { LegFailure, LegFailureCode, LegOutcome } from './leg-outcome';
import { BLOCKHASH_EXPIRED_ADVICE } from './submission-failure';

/** A chain receipt as the leg reports it: in a block it settles, before one it is pending. */
export function chainReceiptOutcome(receipt: TxReceipt): LegOutcome {
  switch (receipt.status) {
    case 'pending':
      return { kind: 'pending', submittedAt: receipt.submittedAt };
    case 'dropped':
      return droppedFailure(receipt);
    case 'success':
    case 'reverted':
      return {
        kind: 'settled',
        receipt: {
          hash: receipt.hash,
          network: receipt.network,
          status: receipt.status,
          blockNumber: receipt.blockNumber,
          feeRaw: receipt.gasFeeRaw.toString(),
          transfers: receipt.transfers.map(legTransfer),
          ...(receipt.status === 'reverted' && receipt.error ? { error: receipt.error } : {}),
        },
      };
    default: {
      const unknownStatus: never = receipt.status;
      throw new Error(`unknown transaction status ${String(unknownStatus)}`);
    }
  }
}

function legTransfer(movement: TokenMovement): LegReceipt['transfers'][number] {
  const { network, token, from, to, amountRaw, purpose, blockNumber } = movement;
  const transfer = { network, token, from, to, amountRaw: amountRaw.toString(), purpose };
  return blockNumber === undefined ? transfer : extend(transfer, { blockNumber });
}

/**
 * A dropped transaction never executed and charged nothing. The port gives why only in words, so
 * the code is read from them (an expired blockhash, unaffordable gas), else it is a plain rejection.
 */
function droppedFailure(receipt: TxReceipt): LegFailure {
  const detail = receipt.error ?? 'no reason given';
  const code: LegFailureCode = /blockhash/i.test(detail)
    ? 'BLOCKHASH_EXPIRED'
    : /gas|fund/i.test(detail)
      ? 'INSUFFICIENT_FUNDS'
      : 'SUBMISSION_REJECTED';
  return {
    kind: 'failed',
    code,
    error:
      `transaction ${receipt.hash} on ${receipt.network} was dropped without executing: ${detail}` +
      (code === 'BLOCKHASH_EXPIRED' ? `; ${BLOCKHASH_EXPIRED_ADVICE}` : ''),
    effect: 'none',
  };
}
