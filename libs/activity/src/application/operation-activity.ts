import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Collection, ReadStore } from '@vetted/read-store';
import { READ_STORE } from '@vetted/read-store';
import { type ActivityItem, renderActivity } from '../activity-items/activity-item';
import { CONFIG, type Config, explorerTxUrl } from '@vetted/kernel';
import {
  operationActivityCollection,
  type OperationActivityDocument,
} from '../read-model/operation-activity/operation-activity-projection';

export class OperationActivityQuery {
  constructor(
    readonly userId: string,
    readonly operationId: string,
  ) {}
}

/** The caller's operation's activity item; null when it is missing, someone else's, or never reached a chain. */
@QueryHandler(OperationActivityQuery)
export class OperationActivityHandler implements IQueryHandler<OperationActivityQuery, ActivityItem | null> {
  private readonly items: Collection<OperationActivityDocument>;
  private readonly explorerUrl: (hash: string) => string;
  constructor(@Inject(READ_STORE) readStore: ReadStore, @Inject(CONFIG) config: Config) {
    this.items = readStore.collection(operationActivityCollection);
    this.explorerUrl = (hash) => explorerTxUrl(config, hash);
  }

  async execute({ userId, operationId }: OperationActivityQuery): Promise<ActivityItem | null> {
    const doc = await this.items.get(operationId);
    return doc !== null && doc.userId === userId ? renderActivity(doc.activity, this.explorerUrl) : null;
  }
}
