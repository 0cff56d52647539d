import type { Collection, Page } from '@vetted/read-store';
import { FEED_KINDS, GLOBAL_FEED_KINDS, type FeedEntryDocument, type FeedKind } from './feed-entry';

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
  const kinds =
    query.kinds.length > 0 ? query.kinds : query.scope === 'global' ? GLOBAL_FEED_KINDS : FEED_KINDS;
  const where: Record<string, string | boolean | readonly string[]> =
    query.scope === 'global' ? { global: true } : { userId: query.userId as string };
  where.kind = kinds.length === 1 ? kinds[0] : kinds;
  return feed.find({
    where,
    orderBy: 'place',
    direction: 'desc',
    after: query.cursor,
    limit: query.limit,
  });
}
