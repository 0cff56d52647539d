import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Collection, ReadStore } from '@vetted/read-store';
import { READ_STORE } from '@vetted/read-store';
import { CONFIG, type Config, explorerTxUrl } from '@vetted/kernel';
import type { FeedEntryDocument, FeedEntryResource } from '../read-model/feed/feed-entry';
import { renderFeedEntry } from '../read-model/feed/feed-entry';
import { feedCollection } from '../read-model/feed/feed-projection';
import type { FeedQuery } from '../read-model/feed/feed-queries';
import { readFeed } from '../read-model/feed/feed-queries';

export class ReadFeedQuery {
  constructor(readonly query: FeedQuery) {}
}

export interface FeedPage {
  entries: FeedEntryResource[];
  nextCursor: string | null;
}

@QueryHandler(ReadFeedQuery)
export class ReadFeedHandler implements IQueryHandler<ReadFeedQuery, FeedPage> {
  private readonly feed: Collection<FeedEntryDocument>;
  private readonly explorerUrl: (hash: string) => string;
  constructor(@Inject(READ_STORE) readStore: ReadStore, @Inject(CONFIG) config: Config) {
    this.feed = readStore.collection(feedCollection);
    this.explorerUrl = (hash) => explorerTxUrl(config, hash);
  }

  async execute({ query }: ReadFeedQuery): Promise<FeedPage> {
    const page = await readFeed(this.feed, query);
    return {
      entries: page.items.map((doc) => renderFeedEntry(doc, this.explorerUrl)),
      nextCursor: page.nextCursor,
    };
  }
}
