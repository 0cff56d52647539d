import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { readStoreContract } from '../read-store.contract';
import { MongoReadStore } from './mongo-read-store';

const url = process.env.MONGO_URL;

if (url === undefined || url === '') {
  it.skip('MongoDB contract: set MONGO_URL to run against a real server', () => undefined);
} else {
  const dbName = `vetted_contract_${randomUUID().replace(/-/g, '').slice(0, 12)}`;

  readStoreContract('MongoDB', () => MongoReadStore.connect(url, dbName));

  it('is durable', async () => {
    const store = await MongoReadStore.connect(url, dbName);
    expect(store.durable).toBe(true);
    await store.close();
  });

  afterAll(async () => {
    const client = await MongoClient.connect(url);
    try {
      await client.db(dbName).dropDatabase();
    } finally {
      await client.close();
    }
  });
}
