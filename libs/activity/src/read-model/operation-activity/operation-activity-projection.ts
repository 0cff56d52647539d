import type { OperationEvent } from '@vetted/operations';
import type { Projection, StoredDocument } from '@vetted/read-store';
import type { ActivityItem } from '../../activity-items/activity-item';
import { operationActivityItem, settledOperation } from '../../activity-items/operation-item';

/** The activity item of one operation that reached a chain or venue (`GET /v1/activity/operation`). */
export interface OperationActivityDocument extends StoredDocument {
  operationId: string;
  userId: string;
  activity: ActivityItem;
}

export const operationActivityCollection = { name: 'operationActivity', version: 2, indexes: [] } as const;

export const operationActivityProjection: Projection<OperationActivityDocument> = {
  name: 'operationActivity',
  collection: operationActivityCollection,
  canHandle: ['OperationSucceeded', 'OperationFailed'],
  guard: 'revision',
  documentId: (event) => (event.data as { operationId: string }).operationId,
  evolve(doc, recorded) {
    const event = recorded as unknown as Extract<
      OperationEvent,
      { type: 'OperationSucceeded' | 'OperationFailed' }
    >;
    if (event.data.receipts.length === 0) return doc;
    return {
      operationId: event.data.operationId,
      userId: event.data.userId,
      activity: operationActivityItem(settledOperation(event)),
    };
  },
};
