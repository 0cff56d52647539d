import type { Collection } from '@vetted/read-store';
import type { WalletDocument } from './wallet-document';

/** A user owns at most a few hundred wallets; one page holds them all. */
const ALL = 1000;

export async function listWallets(
  wallets: Collection<WalletDocument>,
  userId: string,
  archived: boolean,
): Promise<WalletDocument[]> {
  const page = await wallets.find({
    where: { userId, archived },
    orderBy: 'id',
    direction: 'asc',
    limit: ALL,
  });
  return page.items;
}

export async function allWalletsOf(
  wallets: Collection<WalletDocument>,
  userId: string,
): Promise<WalletDocument[]> {
  const page = await wallets.find({
    where: { userId, archived: [false, true] },
    orderBy: 'id',
    direction: 'asc',
    limit: ALL,
  });
  return page.items;
}

export async function walletOf(
  wallets: Collection<WalletDocument>,
  userId: string,
  walletId: number,
): Promise<WalletDocument | null> {
  const doc = await wallets.get(String(walletId));
  return doc !== null && doc.userId === userId ? doc : null;
}
