export * from './read-model/feed/feed-entry';
export * from './read-model/feed/feed-projection';
export * from './read-model/feed/feed-queries';
export * from './application/read-feed';
import { ReadFeedHandler } from './application/read-feed';
export const ACTIVITY_QUERY_HANDLERS = [ReadFeedHandler];
export * from './activity-items/activity-item';
export * from './activity-items/balance-change-item';
