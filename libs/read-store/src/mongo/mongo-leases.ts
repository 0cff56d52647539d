import type { Collection, Db } from 'mongodb';
import type { Leases } from '../read-store';

interface LeaseDocument {
  _id: string;
  owner: string;
  expiresAt: Date;
}

/**
 * One document per lease. Taking it is one conditional upsert: it matches only when the caller
 * already owns it or it has expired; otherwise the upsert collides on `_id` (code 11000).
 */
export class MongoLeases implements Leases {
  private readonly leases: Collection<LeaseDocument>;

  constructor(db: Db) {
    this.leases = db.collection<LeaseDocument>('leases');
  }

  async acquire(name: string, owner: string, ttlMs: number): Promise<boolean> {
    const now = new Date();
    try {
      await this.leases.updateOne(
        { _id: name, $or: [{ owner }, { expiresAt: { $lte: now } }] },
        { $set: { owner, expiresAt: new Date(now.getTime() + ttlMs) } },
        { upsert: true },
      );
      return true;
    } catch (error) {
      if ((error as { code?: number }).code === 11000) return false;
      throw error;
    }
  }

  async release(name: string, owner: string): Promise<void> {
    await this.leases.deleteOne({ _id: name, owner });
  }
}
