import { positionKey } from '@vetted/event-store';
import type { Projection } from '@vetted/read-store';
import type { FeedEntryDocument } from './feed-entry';

export const feedCollection = {
  name: 'feed',
  version: 1,
  indexes: [
    { name: 'global', equality: ['global'], orderBy: 'seq' },
    { name: 'globalByKind', equality: ['global', 'kind'], orderBy: 'seq' },
    { name: 'byUser', equality: ['userId'], orderBy: 'seq' },
    { name: 'byUserAndKind', equality: ['userId', 'kind'], orderBy: 'seq' },
  ],
} as const;

interface UserSignedUpData {
  userId: string;
  username: string;
  at: string;
}

/** Feed entries, one per feed-worthy event, keyed by the event id so a replay rewrites the same entry. */
export const feedProjection: Projection<FeedEntryDocument> = {
  name: 'feed',
  collection: feedCollection,
  canHandle: ['UserSignedUp'],
  guard: 'position',
  documentId: (event) => event.id,
  evolve(doc, event) {
    if (doc !== null) return doc;
    const data = event.data as UserSignedUpData;
    return {
      id: event.id,
      kind: 'user_joined',
      createdAt: data.at,
      actor: { username: data.username },
      userId: data.userId,
      global: true,
      seq: positionKey(event.position),
    };
  },
};
