import { extend } from '@vetted/kernel';
import { MongoServerError, type Collection as DriverCollection } from 'mongodb';
import { decodeCursor, encodeCursor, listOf } from '../cursor';
import { chooseIndex, storedName } from '../find-query';
import type {
  Collection,
  CollectionSpec,
  FindQuery,
  Page,
  PutOutcome,
  Scalar,
  StoredDocument,
} from '../read-store';
import { findFilter, findSort, type MongoDoc } from './find-filter';

const DUPLICATE_KEY = 11000;

export class MongoCollection<D extends StoredDocument> implements Collection<D> {
  readonly name: string;
  private indexesReady: Promise<void> | null = null;

  constructor(
    private readonly driver: DriverCollection<MongoDoc>,
    readonly spec: CollectionSpec,
  ) {
    this.name = storedName(spec);
  }

  async get(id: string): Promise<D | null> {
    await this.ready();
    return (await this.driver.findOne({ _id: id })) as D | null;
  }

  async put(doc: D): Promise<PutOutcome> {
    await this.ready();
    const newer = { _id: doc._id, _version: { $lt: doc._version } };
    const replacement = doc as unknown as MongoDoc;
    try {
      await this.driver.replaceOne(newer, replacement, { upsert: true });
      return 'written';
    } catch (error) {
      if (!(error instanceof MongoServerError) || error.code !== DUPLICATE_KEY) throw error;
    }
    // The upsert collided with a stored `_id`: usually a version at least as new (stale), but a
    // concurrent insert of an older version also collides, so ask again without inserting.
    const retried = await this.driver.replaceOne(newer, replacement);
    return retried.matchedCount === 1 ? 'written' : 'stale';
  }

  async delete(id: string, version: number | string): Promise<void> {
    await this.ready();
    await this.driver.deleteOne({ _id: id, _version: { $lt: version } });
  }

  async find(query: FindQuery): Promise<Page<D>> {
    const index = chooseIndex(this.name, this.spec.indexes, query);
    const list = listOf(this.spec.name, query.orderBy);
    const after = query.after === undefined ? undefined : decodeCursor(query.after, list);
    await this.ready();
    const found = await this.driver
      .find(findFilter(query, after), { sort: findSort(query), limit: query.limit + 1, hint: index.name })
      .toArray();
    if (found.length <= query.limit) return { items: found as unknown as D[], nextCursor: null };
    const items = found.slice(0, query.limit) as unknown as D[];
    const last = items[items.length - 1] as unknown as Record<string, Scalar | undefined>;
    return { items, nextCursor: encodeCursor(list, last[query.orderBy] ?? null, last._id as string) };
  }

  async count(): Promise<number> {
    await this.ready();
    return this.driver.estimatedDocumentCount();
  }

  async clear(): Promise<void> {
    await this.ready();
    await this.driver.deleteMany({});
  }

  /** Creates the declared indexes on first use; a failure is retried by the next call. */
  private ready(): Promise<void> {
    this.indexesReady ??= Promise.all(
      this.spec.indexes.map((index) =>
        this.driver.createIndex(
          extend(Object.fromEntries(index.equality.map((field) => [field, 1])), {
            [index.orderBy]: 1,
            _id: 1,
          }),
          { name: index.name },
        ),
      ),
    ).then(
      () => undefined,
      (error: unknown) => {
        this.indexesReady = null;
        throw error;
      },
    );
    return this.indexesReady;
  }
}
