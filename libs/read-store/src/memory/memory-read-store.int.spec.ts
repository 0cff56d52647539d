import { readStoreContract } from '../read-store.contract';
import type { CollectionSpec, StoredDocument } from '../read-store';
import { MemoryReadStore } from './memory-read-store';

readStoreContract('in-process', async () => new MemoryReadStore());

describe('MemoryReadStore', () => {
  const spec: CollectionSpec = {
    name: 'things',
    version: 1,
    indexes: [{ name: 'by_kind', equality: ['kind'], orderBy: 'at' }],
  };

  it('is not durable', () => {
    expect(new MemoryReadStore().durable).toBe(false);
  });

  it('returns the same collection for the same name and version', async () => {
    const store = new MemoryReadStore();
    const first = store.collection(spec);
    expect(store.collection({ ...spec, indexes: spec.indexes.map((index) => ({ ...index })) })).toBe(first);
    expect(store.collection({ ...spec, version: 2 })).not.toBe(first);
    await first.put({ _id: 'x', _version: 1 });
    expect(await store.collection(spec).get('x')).not.toBeNull();
  });

  it('refuses to reopen a collection with other indexes', () => {
    const store = new MemoryReadStore();
    store.collection(spec);
    expect(() => store.collection({ ...spec, indexes: [] })).toThrow(/other indexes/);
  });

  it('stores and returns documents by reference', async () => {
    const collection = new MemoryReadStore().collection<StoredDocument & { kind: string; at: number }>(spec);
    const doc = { _id: 'x', _version: 1, kind: 'k', at: 1 };
    await collection.put(doc);
    expect(await collection.get('x')).toBe(doc);
  });

  it('keeps every index consistent through random puts and deletes', async () => {
    type Doc = StoredDocument & { kind: number; at: number };
    const collection = new MemoryReadStore().collection<Doc>({
      name: 'random',
      version: 1,
      indexes: [
        { name: 'by_kind', equality: ['kind'], orderBy: 'at' },
        { name: 'all', equality: [], orderBy: 'at' },
      ],
    });
    const model = new Map<string, Doc>();
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let step = 0; step < 5000; step++) {
      const id = `d${random(300)}`;
      const version = (model.get(id)?._version as number | undefined) ?? 0;
      if (random(5) === 0) {
        await collection.delete(id, version + 1);
        model.delete(id);
      } else {
        const doc = { _id: id, _version: version + 1, kind: random(4), at: random(50) };
        await collection.put(doc);
        model.set(id, doc);
      }
    }
    const order = (a: Doc, b: Doc) => a.at - b.at || (a._id < b._id ? -1 : 1);
    const all = await collection.find({ where: {}, orderBy: 'at', direction: 'asc', limit: 1000 });
    expect(all.items).toEqual([...model.values()].sort(order));
    const some = await collection.find({
      where: { kind: [3, 1] },
      orderBy: 'at',
      direction: 'desc',
      limit: 1000,
    });
    expect(some.items).toEqual(
      [...model.values()]
        .filter((d) => d.kind % 2 === 1)
        .sort(order)
        .reverse(),
    );
  });
});
