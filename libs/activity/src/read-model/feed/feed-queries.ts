import type { Collection, Page } from '@vetted/read-store';
import type { FeedEntryDocument, FeedKind } from './feed-entry';

export interface FeedQuery {
  scope: 'global' | 'mine';
  userId: string | null;
  kinds: readonly FeedKind[];
  cursor?: string;
  limit: number;
}

/** Newest first, optionally narrowed to some kinds; `mine` is the caller's own entries. */
export function readFeed(
  feed: Collection<FeedEntryDocument>,
  query: FeedQuery,
): Promise<Page<FeedEntryDocument>> {
  const where: Record<string, string | boolean | readonly string[]> =
    query.scope === 'global' ? { global: true } : { userId: query.userId as string };
  if (query.kinds.length > 0) where.kind = query.kinds.length === 1 ? query.kinds[0] : query.kinds;
  return feed.find({ where, orderBy: 'seq', direction: 'desc', after: query.cursor, limit: query.limit });
}
