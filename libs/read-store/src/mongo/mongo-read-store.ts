import { MongoClient, type Db, type MongoClientOptions } from 'mongodb';
import { storedName } from '../find-query';
import type { Collection, CollectionSpec, ReadStore, StoredDocument } from '../read-store';
import type { MongoDoc } from './find-filter';
import { MongoCheckpoints } from './mongo-checkpoints';
import { MongoLeases } from './mongo-leases';
import { MongoCollection } from './mongo-collection';

/** The durable read store: one MongoDB collection per read model version, plus `checkpoints`. */
export class MongoReadStore implements ReadStore {
  readonly durable = true;
  readonly checkpoints: MongoCheckpoints;
  readonly leases: MongoLeases;
  private readonly collections = new Map<string, MongoCollection<StoredDocument>>();

  constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
  ) {
    this.checkpoints = new MongoCheckpoints(db.collection('checkpoints'));
    this.leases = new MongoLeases(db);
  }

  static async connect(url: string, dbName: string, options?: MongoClientOptions): Promise<MongoReadStore> {
    const client = new MongoClient(url, options);
    await client.connect();
    return new MongoReadStore(client, client.db(dbName));
  }

  collection<D extends StoredDocument>(spec: CollectionSpec): Collection<D> {
    const name = storedName(spec);
    let collection = this.collections.get(name);
    if (collection === undefined) {
      collection = new MongoCollection(this.db.collection<MongoDoc>(name), spec);
      this.collections.set(name, collection);
    }
    return collection as unknown as Collection<D>;
  }

  async ping(): Promise<boolean> {
    try {
      const reply = await this.db.command({ ping: 1 });
      return reply.ok === 1;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
