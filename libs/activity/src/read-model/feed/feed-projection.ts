import { positionKey, type RecordedEvent } from '@vetted/event-store';
import type { AccountEvent, WalletObservationEvent } from '@vetted/accounts';
import { uuidV5 } from '@vetted/kernel';
import type { Projection } from '@vetted/read-store';
import { balanceChangeItem } from '../../activity-items/balance-change-item';
import {
  operationActivityItem,
  SETTLING_EVENT_TYPES,
  type SettlingEvent,
  settledOperation,
} from '../../activity-items/operation-item';
import type { FeedEntryDocument } from './feed-entry';

export const feedCollection = {
  name: 'feed',
  version: 10,
  // Entries are ordered by `place`, the `$all` position key of the event that first made them.
  // Without a kinds filter a query asks for every kind: two indexes serve all four queries.
  indexes: [
    { name: 'globalByKind', equality: ['global', 'kind'], orderBy: 'place' },
    { name: 'byUserAndKind', equality: ['userId', 'kind'], orderBy: 'place' },
  ],
} as const;

type FeedSourceEvent =
  | Extract<AccountEvent, { type: 'UserSignedUp' }>
  | Extract<WalletObservationEvent, { type: 'BalancesObserved' }>
  | SettlingEvent;

const SETTLING_TYPES: ReadonlySet<string> = new Set(SETTLING_EVENT_TYPES);

/**
 * An operation's feed entry: its key and its public id, the same for every event of the operation
 * and one-way, so neither the entry nor a cursor over the public feed names the private operation.
 */
export function operationEntryId(operationId: string): string {
  return uuidV5(`feed-entry:${operationId}`);
}

function entryIdOf(event: RecordedEvent): string {
  return SETTLING_TYPES.has(event.type)
    ? operationEntryId((event.data as { operationId: string }).operationId)
    : event.id;
}

/**
 * Feed entries, keyed so a replay rewrites the same entry. Balance observations that changed
 * something are the owner's own (`scope=mine`) entries, one per event; an operation that reached a
 * chain is one public `service_transaction` entry under the owner's name, keyed by the operation
 * (`operationEntryId`): a receipt that lands after the operation failed replaces the entry's item
 * with the operation as it now stands (the same item as `GET /v1/activity/operation`), so no
 * movement shows twice; the entry keeps its place, id and time, so a client paging meanwhile
 * neither misses nor repeats it, and the feed stays newest first. Every entry's key is its public
 * id, the only id a feed cursor carries.
 */
export const feedProjection: Projection<FeedEntryDocument> = {
  name: 'feed',
  collection: feedCollection,
  canHandle: ['UserSignedUp', 'BalancesObserved', ...SETTLING_EVENT_TYPES],
  guard: 'position',
  documentId: entryIdOf,
  evolve(doc, recorded) {
    const event = recorded as unknown as FeedSourceEvent;
    // Only an operation's entry is made again by a later event; other entries are written once.
    if (doc !== null && !SETTLING_TYPES.has(event.type)) return doc;
    const id = entryIdOf(recorded);
    const place = doc?.place ?? positionKey(recorded.position);
    switch (event.type) {
      case 'UserSignedUp':
        return {
          id,
          place,
          kind: 'user_joined',
          createdAt: event.data.at,
          username: event.data.username,
          userId: event.data.userId,
          global: true,
        };
      case 'BalancesObserved': {
        const { userId, username, address, observedAt, changes } = event.data;
        if (changes.length === 0) return null;
        return {
          id,
          place,
          kind: 'balance_change',
          createdAt: observedAt,
          username,
          userId,
          global: false,
          activity: balanceChangeItem({ address, observedAt, changes }),
        };
      }
      case 'OperationSucceeded':
      case 'OperationFailed':
      case 'LateReceiptRecorded': {
        // Failed attempts that never reached a chain stay out of the feed.
        const settled = settledOperation(event);
        if (settled === null || settled.receipts.length === 0) return doc;
        const { userId, username, at } = settled;
        return {
          id,
          place,
          kind: 'service_transaction',
          // The entry's time goes with its place: a late receipt changes what it shows, not when.
          createdAt: doc?.createdAt ?? at,
          username,
          userId,
          global: true,
          activity: operationActivityItem(settled),
        };
      }
      default: {
        const unknownEvent: never = event;
        return unknownEvent;
      }
    }
  },
};
