import { ServiceError } from '@vetted/kernel';

/**
 * A supplied Solana transaction names a blockhash the chain no longer accepts (or never issued).
 * Its bytes are kept unchanged (rule 9), so the service cannot refresh it: the caller must build and
 * sign a new transaction with a fresh blockhash and prepare again.
 */
export class BlockhashExpired extends ServiceError {
  constructor(blockhash: string) {
    super(
      400,
      'BLOCKHASH_EXPIRED',
      `the transaction's blockhash ${blockhash} is expired or unknown to the chain; supply a transaction ` +
        'built with a fresh recent blockhash',
    );
  }
}
