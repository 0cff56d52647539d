import { extend } from '@vetted/kernel';
import type { AccountEvent, WalletFamily } from './events';

export interface RegularWallet {
  id: number;
  kind: 'regular';
  family: WalletFamily;
  name: string;
  address: string;
  archived: boolean;
}

/** How a deposit wallet's deployment went, per idempotency key (null: requests without one). */
export type DeploymentAttempt =
  { status: 'pending' } | { status: 'deployed' } | { status: 'failed'; error: string };

export interface DepositWallet {
  id: number;
  kind: 'deposit';
  family: 'evm';
  controllerWalletId: number;
  /** Known once deployed. */
  address: string | null;
  archived: boolean;
  attempts: ReadonlyMap<string | null, DeploymentAttempt>;
}

export type WalletState = RegularWallet | DepositWallet;

export type AccountState =
  | { status: 'none' }
  | {
      status: 'active';
      userId: string;
      username: string;
      /** When the user signed up: a bearer token issued before it is not this account's. */
      signedUpAt: string;
      wallets: ReadonlyMap<number, WalletState>;
    };

export const initialState = (): AccountState => ({ status: 'none' });

export function evolve(state: AccountState, event: AccountEvent): AccountState {
  if (event.type === 'UserSignedUp')
    return {
      status: 'active',
      userId: event.data.userId,
      username: event.data.username,
      signedUpAt: event.data.at,
      wallets: new Map(),
    };
  if (state.status !== 'active') return state;
  const wallet = state.wallets.get(event.data.walletId);
  switch (event.type) {
    case 'WalletCreated': {
      const { walletId, family, name, address } = event.data;
      return withWallet(state, { id: walletId, kind: 'regular', family, name, address, archived: false });
    }
    case 'WalletRenamed':
      return wallet?.kind === 'regular'
        ? withWallet(state, extend(wallet, { name: event.data.name }))
        : state;
    case 'WalletArchived':
      return wallet ? withWallet(state, extend(wallet, { archived: true })) : state;
    case 'DepositWalletRequested': {
      const { walletId, controllerWalletId, idempotencyKey } = event.data;
      const current: DepositWallet =
        wallet?.kind === 'deposit'
          ? wallet
          : {
              id: walletId,
              kind: 'deposit',
              family: 'evm',
              controllerWalletId,
              address: null,
              archived: false,
              attempts: new Map(),
            };
      // A key recorded once the wallet is deployed has nothing left to deploy.
      const attempt: DeploymentAttempt =
        current.address === null ? { status: 'pending' } : { status: 'deployed' };
      return withWallet(state, withAttempt(current, idempotencyKey, attempt));
    }
    case 'DepositWalletDeployed': {
      if (wallet?.kind !== 'deposit') return state;
      const deployed = withAttempt(wallet, event.data.idempotencyKey, { status: 'deployed' });
      return withWallet(state, extend(deployed, { address: event.data.address }));
    }
    case 'DepositWalletDeploymentFailed':
      return wallet?.kind === 'deposit'
        ? withWallet(
            state,
            withAttempt(wallet, event.data.idempotencyKey, { status: 'failed', error: event.data.error }),
          )
        : state;
    default: {
      const unknownEvent: never = event;
      return unknownEvent;
    }
  }
}

/** The controller's deposit wallet, if one was ever requested. */
export function depositWalletOf(
  state: Extract<AccountState, { status: 'active' }>,
  controllerWalletId: number,
): DepositWallet | null {
  for (const wallet of state.wallets.values())
    if (wallet.kind === 'deposit' && wallet.controllerWalletId === controllerWalletId) return wallet;
  return null;
}

function withAttempt(wallet: DepositWallet, key: string | null, attempt: DeploymentAttempt): DepositWallet {
  const attempts = new Map(wallet.attempts);
  attempts.set(key, attempt);
  return extend(wallet, { attempts });
}

function withWallet(state: Extract<AccountState, { status: 'active' }>, wallet: WalletState): AccountState {
  const wallets = new Map(state.wallets);
  wallets.set(wallet.id, wallet);
  return extend(state, { wallets });
}
