import { type ActivityItem, renderActivity } from '../../activity-items/activity-item';
import type { StoredDocument } from '@vetted/read-store';

export const FEED_KINDS = [
  'user_joined',
  'agent_started',
  'agent_stopped',
  'service_transaction',
  'balance_change',
] as const;
export type FeedKind = (typeof FEED_KINDS)[number];
/** Kinds the public feed shows; `balance_change` is only in the owner's own feed. */
export const GLOBAL_FEED_KINDS: readonly FeedKind[] = [
  'user_joined',
  'agent_started',
  'agent_stopped',
  'service_transaction',
];

export interface FeedEntryDocument extends StoredDocument {
  id: string;
  /**
   * Its place in the feed: the `$all` position key of the event that first made it. An operation's
   * entry made again by a late receipt keeps it (and its id), so paging never skips or repeats it.
   */
  place: string;
  kind: FeedKind;
  createdAt: string;
  /** The actor's username (rendered as `actor: { username }`). */
  username: string;
  /** Owner, for `scope=mine`. */
  userId: string;
  /** Whether the public feed shows it. */
  global: boolean;
  agent?: { id: string; name: string; isLinkVisible: boolean };
  activity?: ActivityItem;
}

export type FeedEntryResource = Pick<
  FeedEntryDocument,
  'id' | 'kind' | 'createdAt' | 'agent' | 'activity'
> & {
  actor: { username: string };
};

export function renderFeedEntry(
  doc: FeedEntryDocument,
  explorerUrl: (hash: string) => string,
): FeedEntryResource {
  const entry: FeedEntryResource = {
    id: doc.id,
    kind: doc.kind,
    createdAt: doc.createdAt,
    actor: { username: doc.username },
  };
  if (doc.agent) entry.agent = doc.agent;
  if (doc.activity !== undefined) entry.activity = renderActivity(doc.activity, explorerUrl);
  return entry;
}
