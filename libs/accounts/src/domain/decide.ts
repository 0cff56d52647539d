import type { AccountCommand } from './commands';
import { AccountNotFound, UsernameTaken, WalletNameTaken, WalletNotFound } from './errors';
import type { AccountEvent } from './events';
import type { AccountState, DepositWallet, RegularWallet, WalletState } from './state';
import { depositWalletOf } from './state';
import { Conflict, ValidationFailed } from '@vetted/kernel';
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
          ? proposedWalletName(family, regularWallets(account))
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
      if (wallet.kind === 'deposit')
        throw ValidationFailed.field(
          'name',
          'a deposit wallet is named after its controller wallet and cannot be renamed',
        );
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
    case 'RequestDepositWallet': {
      const account = active(state);
      const { walletId, controllerWalletId, idempotencyKey, at } = command.data;
      // A key already used is answered from its record, whatever the request or the controller
      // became since: the same controller replays, another one is a conflict.
      const keyed = idempotencyKey === null ? null : walletWithKey(account, idempotencyKey);
      if (keyed !== null) {
        if (keyed.controllerWalletId !== controllerWalletId)
          throw new Conflict(
            'IDEMPOTENCY_CONFLICT',
            'this idempotencyKey was used for another controller wallet',
          );
        return [];
      }
      const controller = account.wallets.get(controllerWalletId);
      if (!controller) throw new WalletNotFound(controllerWalletId);
      if (controller.kind !== 'regular' || controller.family !== 'evm')
        throw ValidationFailed.field('controllerWalletId', 'must be one of your EVM wallets');
      if (controller.archived)
        throw ValidationFailed.field('controllerWalletId', 'must be an active (not archived) wallet');
      const existing = depositWalletOf(account, controllerWalletId);
      // Deployed already: nothing to deploy, but a key is recorded, so that from now on it answers
      // for this controller alone (a replay; another controller, 409).
      if (existing?.address && idempotencyKey === null) return [];
      return [
        {
          type: 'DepositWalletRequested',
          data: {
            userId: account.userId,
            walletId: existing?.id ?? walletId,
            controllerWalletId,
            idempotencyKey,
            at,
          },
        },
      ];
    }
    case 'RecordDepositWalletDeployment': {
      const account = active(state);
      const wallet = depositWallet(account, command.data.walletId);
      if (wallet.address !== null) return [];
      const { address, idempotencyKey, at } = command.data;
      return [
        {
          type: 'DepositWalletDeployed',
          data: {
            userId: account.userId,
            walletId: wallet.id,
            controllerWalletId: wallet.controllerWalletId,
            address,
            idempotencyKey,
            at,
          },
        },
      ];
    }
    case 'RecordDepositWalletFailure': {
      const account = active(state);
      const wallet = depositWallet(account, command.data.walletId);
      if (wallet.address !== null) return [];
      const { idempotencyKey, error, at } = command.data;
      return [
        {
          type: 'DepositWalletDeploymentFailed',
          data: { userId: account.userId, walletId: wallet.id, idempotencyKey, error, at },
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

function regularWallets(account: ActiveAccount): RegularWallet[] {
  return [...account.wallets.values()].filter((w): w is RegularWallet => w.kind === 'regular');
}

function depositWallet(account: ActiveAccount, walletId: number): DepositWallet {
  const wallet = walletOf(account, walletId);
  if (wallet.kind !== 'deposit') throw new WalletNotFound(walletId);
  return wallet;
}

function walletWithKey(account: ActiveAccount, key: string): DepositWallet | null {
  for (const wallet of account.wallets.values())
    if (wallet.kind === 'deposit' && wallet.attempts.has(key)) return wallet;
  return null;
}

function ensureNameFree(account: ActiveAccount, name: string, exceptWalletId: number | null): void {
  const key = nameKey(name);
  for (const wallet of regularWallets(account))
    if (wallet.id !== exceptWalletId && nameKey(wallet.name) === key) throw new WalletNameTaken(name);
}
