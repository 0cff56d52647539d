import type { Projection } from '@vetted/read-store';
import type { FeedEntryDocument } from './feed-entry';

export const feedCollection = {
  name: 'feed',
  version: 2,
  // Entries are ordered by `_version`, the `$all` position key of the event that made them.
  // Without a kinds filter a query asks for every kind: two indexes serve all four queries.
  indexes: [
    { name: 'globalByKind', equality: ['global', 'kind'], orderBy: '_version' },
    { name: 'byUserAndKind', equality: ['userId', 'kind'], orderBy: '_version' },
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
      username: data.username,
      userId: data.userId,
      global: true,
    };
  },
};
