import { isZeroEvmAddress } from '@vetted/kernel';
import type { Network } from '@vetted/venues';
import { SYSTEM_PROGRAM, addressFamily, normalizeAddress } from '@vetted/venues';
import type { FieldProblems } from './field-problems';
import { type PreparationContext, type PreparationWallet, unusableWallet } from './preparation-context';

/** Where value is delivered: an address, and the caller's wallet behind it when there is one. */
export interface Recipient {
  address: string;
  walletId: number | null;
}

/** One of the caller's active wallets, able to hold assets of `network`. */
export function ownedRecipient(
  walletId: number,
  network: Network,
  context: PreparationContext,
  path: string,
  problems: FieldProblems,
): Recipient | null {
  const wallet: PreparationWallet | undefined = context.wallets.find((w) => w.id === walletId);
  if (!wallet) problems.add(path, unusableWallet(walletId, context.undeployed, 'is not one of your wallets'));
  else if (wallet.archived) problems.add(path, 'is archived; choose an active wallet');
  else if (wallet.family !== addressFamily(network))
    problems.add(path, `is a ${wallet.family} wallet and cannot receive on ${network}`);
  else return { address: wallet.address, walletId: wallet.id };
  return null;
}

const LOST = 'nothing sent there can ever be moved again';

/** A send to the EVM zero address: tokens refuse it, and native value sent there is burned. */
export const ZERO_RECIPIENT = `is the zero address: ${LOST}`;

/**
 * Why nothing should be sent to `address` on `network`, if so: the EVM zero address, the System
 * program's id (it signs for nothing, so what is sent there stays), or a token's own contract or
 * mint, which holds what it is sent for good (a well-known way to lose tokens; a token contract
 * refuses native value outright).
 */
function unrecoverableRecipient(
  address: string,
  network: Network,
  context: PreparationContext,
): string | null {
  const evm = addressFamily(network) === 'evm';
  if (evm && isZeroEvmAddress(address)) return ZERO_RECIPIENT;
  if (!evm && address === SYSTEM_PROGRAM) return `is the System program's id: ${LOST}`;
  const token = context.ports.tokens.tokenInfo({ network, token: address });
  if (token?.token) return `is the ${token.symbol} ${evm ? 'token contract' : 'mint'} on ${network}: ${LOST}`;
  return null;
}

/**
 * An address typed by the caller, in the form the network keeps it. All-lowercase EVM addresses are
 * checksummed; a mixed-case one must carry a correct EIP-55 checksum, as it may be a mistyped address.
 * An address nothing could ever be moved out of again is refused (`unrecoverableRecipient`).
 */
export function externalRecipient(
  address: string,
  network: Network,
  context: PreparationContext,
  path: string,
  problems: FieldProblems,
): Recipient | null {
  const normalized = normalizeAddress(network, address);
  if (!normalized) {
    const badChecksum = addressFamily(network) === 'evm' && /^0x[0-9a-fA-F]{40}$/.test(address);
    problems.add(
      path,
      badChecksum
        ? 'has a wrong EIP-55 checksum; check the address, or write it in lowercase'
        : `is not a valid ${network} address`,
    );
    return null;
  }
  const unrecoverable = unrecoverableRecipient(normalized, network, context);
  if (unrecoverable !== null) {
    problems.add(path, unrecoverable);
    return null;
  }
  const owned = ownWalletAt(normalized, network, context);
  if (refusedAsArchived(owned, path, problems)) return null;
  return { address: normalized, walletId: owned ? owned.id : null };
}

/** The caller's wallet at `address` (in its canonical form) on `network`'s address family, if any. */
export function ownWalletAt(
  address: string,
  network: Network,
  context: PreparationContext,
): PreparationWallet | undefined {
  return context.wallets.find((w) => w.address === address && w.family === addressFamily(network));
}

/**
 * Refuses, at `path`, value sent into `wallet` (the caller's wallet at an address, if any) when it
 * is archived: the service moves nothing out of an archived wallet, so the value would be stuck.
 */
export function refusedAsArchived(
  wallet: PreparationWallet | undefined,
  path: string,
  problems: FieldProblems,
): boolean {
  if (!wallet?.archived) return false;
  problems.add(path, `is your archived wallet ${wallet.id}; choose an active wallet`);
  return true;
}
