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
  | DomainEvent<'WalletArchived', { userId: string; walletId: number; at: string }>
  /** A prediction-venue deposit wallet for an EVM controller wallet was asked for (again). */
  | DomainEvent<
      'DepositWalletRequested',
      {
        userId: string;
        walletId: number;
        controllerWalletId: number;
        idempotencyKey: string | null;
        at: string;
      }
    >
  | DomainEvent<
      'DepositWalletDeployed',
      {
        userId: string;
        walletId: number;
        controllerWalletId: number;
        address: string;
        idempotencyKey: string | null;
        at: string;
      }
    >
  | DomainEvent<
      'DepositWalletDeploymentFailed',
      { userId: string; walletId: number; idempotencyKey: string | null; error: string; at: string }
    >;

export type AccountEventType = AccountEvent['type'];
export const ACCOUNT_EVENT_TYPES: readonly AccountEventType[] = [
  'UserSignedUp',
  'WalletCreated',
  'WalletRenamed',
  'WalletArchived',
  'DepositWalletRequested',
  'DepositWalletDeployed',
  'DepositWalletDeploymentFailed',
];
