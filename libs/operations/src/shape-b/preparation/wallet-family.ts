import type { AddressFamily } from '@vetted/venues';
import type { FieldProblems } from '../../preparation/field-problems';
import type { PreparationWallet } from '../../preparation/preparation-context';
import { INTENT_PATH } from '../intent';

export const WALLET_ID_PATH = `${INTENT_PATH}.walletId`;

const FAMILY_NAMES: Record<AddressFamily, string> = { evm: 'an EVM', solana: 'a Solana' };

/**
 * Raw chain intents (an EVM call, a Solana instruction or transaction) are signed by the paying
 * wallet's own key, so only a wallet of that chain's address family can carry them. Adds the
 * problem at `intent.walletId` and says whether the wallet fits.
 */
export function checkWalletFamily(
  wallet: PreparationWallet,
  family: AddressFamily,
  what: string,
  problems: FieldProblems,
): boolean {
  if (wallet.family === family) return true;
  problems.add(
    WALLET_ID_PATH,
    `wallet ${wallet.id} is ${FAMILY_NAMES[wallet.family]} wallet; ${what} needs ${FAMILY_NAMES[family]} wallet to sign it`,
  );
  return false;
}
