import type { DomainEvent } from '@vetted/event-store';

export type WalletFamily = 'evm' | 'solana';
export const WALLET_FAMILIES: readonly WalletFamily[] = ['evm', 'solana'];

/** Every event of an account stream (`account-<userId>`). */
export type AccountEvent =
  | DomainEvent<'UserSignedUp', { userId: string; username: string; at: string }>
  | DomainEvent<
      'WalletCreated',
      {
        userId: string;
        walletId: number;
        family: WalletFamily;
        kind: 'regular';
        name: string;
        address: string;
        at: string;
      }
    >
  | DomainEvent<
      'WalletRenamed',
      { userId: string; walletId: number; name: string; previousName: string; at: string }
    >
  | DomainEvent<'WalletArchived', { userId: string; walletId: number; at: string }>;

export type AccountEventType = AccountEvent['type'];
export const ACCOUNT_EVENT_TYPES: readonly AccountEventType[] = [
  'UserSignedUp',
  'WalletCreated',
  'WalletRenamed',
  'WalletArchived',
];
