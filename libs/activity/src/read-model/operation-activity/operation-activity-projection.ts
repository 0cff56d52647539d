import type { Projection, StoredDocument } from '@vetted/read-store';
import type { ActivityItem } from '../../activity-items/activity-item';
import {
  operationActivityItem,
  SETTLING_EVENT_TYPES,
  type SettlingEvent,
  settledOperation,
} from '../../activity-items/operation-item';

/** The activity item of one operation that reached a chain or venue (`GET /v1/activity/operation`). */
export interface OperationActivityDocument extends StoredDocument {
  operationId: string;
  userId: string;
  activity: ActivityItem;
}

export const operationActivityCollection = { name: 'operationActivity', version: 7, indexes: [] } as const;

/** Made when the operation ends having reached a chain, and made again when a late receipt lands. */
export const operationActivityProjection: Projection<OperationActivityDocument> = {
  name: 'operationActivity',
  collection: operationActivityCollection,
  canHandle: [...SETTLING_EVENT_TYPES],
  guard: 'revision',
  documentId: (event) => (event.data as { operationId: string }).operationId,
  evolve(doc, recorded) {
    const settled = settledOperation(recorded as unknown as SettlingEvent);
    if (settled === null || settled.receipts.length === 0) return doc;
    return {
      operationId: settled.operationId,
      userId: settled.userId,
      activity: operationActivityItem(settled),
    };
  },
};
