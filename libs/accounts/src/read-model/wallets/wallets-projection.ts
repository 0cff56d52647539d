import type { RecordedEvent } from '@vetted/event-store';
import { extend } from '@vetted/kernel';
import type { Projection } from '@vetted/read-store';
import type { AccountEvent } from '../../domain/events';
import type { WalletDocument } from './wallet-document';

export const walletsCollection = {
  name: 'wallets',
  version: 3,
  indexes: [{ name: 'byOwner', equality: ['userId', 'archived'], orderBy: 'id' }],
} as const;

/** Wallet documents, each versioned by the revision of its owner's account stream. */
export const walletsProjection: Projection<WalletDocument> = {
  name: 'wallets',
  collection: walletsCollection,
  canHandle: [
    'WalletCreated',
    'WalletRenamed',
    'WalletArchived',
    'DepositWalletRequested',
    'DepositWalletDeployed',
    'DepositWalletDeploymentFailed',
  ],
  guard: 'revision',
  documentId: (event) => String((event as RecordedEvent<string, { walletId: number }>).data.walletId),
  evolve(doc, recorded) {
    const event = recorded as unknown as AccountEvent;
    switch (event.type) {
      case 'WalletCreated': {
        const { walletId, userId, name, family, address, at } = event.data;
        return {
          id: walletId,
          userId,
          name,
          // Literals, not the parsed copies: one string shared by every document.
          family: family === 'evm' ? 'evm' : 'solana',
          kind: 'regular',
          address,
          archived: false,
          createdAt: at,
        };
      }
      case 'WalletRenamed':
        return doc && extend(doc, { name: event.data.name });
      case 'WalletArchived':
        return doc && extend(doc, { archived: true });
      case 'DepositWalletRequested': {
        const { walletId, userId, controllerWalletId, at } = event.data;
        if (doc?.address) return doc;
        return extend(
          doc ?? {
            id: walletId,
            userId,
            name: null,
            family: 'evm',
            kind: 'deposit',
            address: null,
            archived: false,
            createdAt: at,
            venue: 'predict',
            controllerWalletId,
          },
          {
            deployment: { status: 'pending', error: null },
          },
        );
      }
      case 'DepositWalletDeployed':
        return (
          doc && extend(doc, { address: event.data.address, deployment: { status: 'deployed', error: null } })
        );
      case 'DepositWalletDeploymentFailed':
        return doc && extend(doc, { deployment: { status: 'failed', error: event.data.error } });
      case 'UserSignedUp':
        return doc;
      default: {
        const unknownEvent: never = event;
        return unknownEvent;
      }
    }
  },
};
