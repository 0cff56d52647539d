import type { Collection as DriverCollection } from 'mongodb';
import type { Checkpoints } from '../read-store';

interface CheckpointDoc {
  _id: string;
  position: string;
}

export class MongoCheckpoints implements Checkpoints {
  constructor(private readonly driver: DriverCollection<CheckpointDoc>) {}

  async get(name: string): Promise<string | null> {
    const found = await this.driver.findOne({ _id: name });
    return found?.position ?? null;
  }

  async put(name: string, position: string): Promise<void> {
    await this.driver.replaceOne({ _id: name }, { position }, { upsert: true });
  }

  async delete(name: string): Promise<void> {
    await this.driver.deleteOne({ _id: name });
  }

  async all(): Promise<Record<string, string>> {
    const found = await this.driver.find({}).toArray();
    return Object.fromEntries(found.map((doc) => [doc._id, doc.position]));
  }
}
