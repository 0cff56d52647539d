import type { AccountEvent, WalletFamily } from './events';

export interface WalletState {
  id: number;
  family: WalletFamily;
  kind: 'regular';
  name: string;
  archived: boolean;
}

export type AccountState =
  | { status: 'none' }
  | { status: 'active'; userId: string; username: string; wallets: ReadonlyMap<number, WalletState> };

export const initialState = (): AccountState => ({ status: 'none' });

export function evolve(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'UserSignedUp':
      return {
        status: 'active',
        userId: event.data.userId,
        username: event.data.username,
        wallets: new Map(),
      };
    case 'WalletCreated': {
      if (state.status !== 'active') return state;
      const { walletId, family, kind, name } = event.data;
      return withWallet(state, { id: walletId, family, kind, name, archived: false });
    }
    case 'WalletRenamed': {
      const wallet = state.status === 'active' ? state.wallets.get(event.data.walletId) : undefined;
      return wallet && state.status === 'active'
        ? withWallet(state, { ...wallet, name: event.data.name })
        : state;
    }
    case 'WalletArchived': {
      const wallet = state.status === 'active' ? state.wallets.get(event.data.walletId) : undefined;
      return wallet && state.status === 'active' ? withWallet(state, { ...wallet, archived: true }) : state;
    }
    default: {
      const unknownEvent: never = event;
      return unknownEvent;
    }
  }
}

function withWallet(state: Extract<AccountState, { status: 'active' }>, wallet: WalletState): AccountState {
  const wallets = new Map(state.wallets);
  wallets.set(wallet.id, wallet);
  return { ...state, wallets };
}
