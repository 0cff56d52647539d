import type { AccountCommand } from './commands';
import { AccountNotFound, UsernameTaken, WalletNameTaken, WalletNotFound } from './errors';
import type { AccountEvent } from './events';
import type { AccountState, WalletState } from './state';
import { checkWalletName, nameKey, proposedWalletName, SIGNUP_WALLET_NAMES } from './wallet-names';

type ActiveAccount = Extract<AccountState, { status: 'active' }>;

export function decide(command: AccountCommand, state: AccountState): AccountEvent[] {
  switch (command.type) {
    case 'SignUp': {
      const { userId, username, wallets, at } = command.data;
      if (state.status !== 'none') throw new UsernameTaken(username);
      return [
        { type: 'UserSignedUp', data: { userId, username, at } },
        ...wallets.map((w): AccountEvent => ({
          type: 'WalletCreated',
          data: { userId, ...w, kind: 'regular', name: SIGNUP_WALLET_NAMES[w.family], at },
        })),
      ];
    }
    case 'CreateWallet': {
      const account = active(state);
      const { walletId, family, address, at } = command.data;
      const name =
        command.data.name === null
          ? proposedWalletName(family, account.wallets.values())
          : checkWalletName(command.data.name);
      ensureNameFree(account, name, null);
      return [
        {
          type: 'WalletCreated',
          data: { userId: account.userId, walletId, family, kind: 'regular', name, address, at },
        },
      ];
    }
    case 'RenameWallet': {
      const account = active(state);
      const wallet = walletOf(account, command.data.walletId);
      const name = checkWalletName(command.data.name);
      if (name === wallet.name) return [];
      ensureNameFree(account, name, wallet.id);
      return [
        {
          type: 'WalletRenamed',
          data: {
            userId: account.userId,
            walletId: wallet.id,
            name,
            previousName: wallet.name,
            at: command.data.at,
          },
        },
      ];
    }
    case 'ArchiveWallet': {
      const account = active(state);
      const wallet = walletOf(account, command.data.walletId);
      if (wallet.archived) return [];
      return [
        {
          type: 'WalletArchived',
          data: { userId: account.userId, walletId: wallet.id, at: command.data.at },
        },
      ];
    }
    default: {
      const unknownCommand: never = command;
      return unknownCommand;
    }
  }
}

function active(state: AccountState): ActiveAccount {
  if (state.status !== 'active') throw new AccountNotFound();
  return state;
}

function walletOf(account: ActiveAccount, walletId: number): WalletState {
  const wallet = account.wallets.get(walletId);
  if (!wallet) throw new WalletNotFound(walletId);
  return wallet;
}

function ensureNameFree(account: ActiveAccount, name: string, exceptWalletId: number | null): void {
  const key = nameKey(name);
  for (const wallet of account.wallets.values())
    if (wallet.id !== exceptWalletId && nameKey(wallet.name) === key) throw new WalletNameTaken(name);
}
