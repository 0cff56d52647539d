import type { RecordedEvent } from '@vetted/event-store';
import type { Projection } from '@vetted/read-store';
import type { AccountEvent } from '../../domain/events';
import type { WalletDocument } from './wallet-document';

export const walletsCollection = {
  name: 'wallets',
  version: 2,
  indexes: [{ name: 'byOwner', equality: ['userId', 'archived'], orderBy: 'id' }],
} as const;

// Documents are never mutated once stored, so every new wallet can share these.
const NO_BALANCES: WalletDocument['balances'] = Object.freeze([]) as unknown as WalletDocument['balances'];
const NO_HOLDINGS: unknown[] = Object.freeze([]) as unknown as unknown[];
const NEVER_REFRESHED: WalletDocument['refresh'] = Object.freeze({
  status: 'idle',
  lastObservedAt: null,
  error: null,
});

/** Wallet documents, each versioned by the revision of its owner's account stream. */
export const walletsProjection: Projection<WalletDocument> = {
  name: 'wallets',
  collection: walletsCollection,
  canHandle: ['WalletCreated', 'WalletRenamed', 'WalletArchived'],
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
          balances: NO_BALANCES,
          agentHoldings: NO_HOLDINGS,
          refresh: NEVER_REFRESHED,
        };
      }
      case 'WalletRenamed':
        return doc && { ...doc, name: event.data.name };
      case 'WalletArchived':
        return doc && { ...doc, archived: true };
      case 'UserSignedUp':
        return doc;
      default: {
        const unknownEvent: never = event;
        return unknownEvent;
      }
    }
  },
};
