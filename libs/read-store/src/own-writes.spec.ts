import { MemoryReadStore } from './memory/memory-read-store';
import { documentAfter } from './own-writes';
import type { Projection } from './projection';
import type { StoredDocument } from './read-store';

interface Counter extends StoredDocument {
  name: string;
  count: number;
}

type Data = { id: string; name?: string };

/** Counts a stream's events by name; `Removed` deletes the document. Fed by one stream each. */
const counters: Projection<Counter> = {
  name: 'counters',
  collection: { name: 'counters', version: 1, indexes: [] },
  canHandle: ['Counted', 'Removed'],
  guard: 'revision',
  documentId: (e) => (e.data as Data).id,
  evolve: (doc, e) => {
    if (e.type === 'Removed') return null;
    const { name = doc?.name ?? '' } = e.data as Data;
    return { name, count: (doc?.count ?? 0) + 1 };
  },
};

const event = (type: string, data: Data) => ({ type, data });

describe('documentAfter', () => {
  async function stored(doc: Counter | null) {
    const collection = new MemoryReadStore().collection(counters.collection);
    if (doc) await collection.put(doc);
    return collection;
  }

  it("folds a command's new events into the stored document, as the projector will", async () => {
    const collection = await stored({ _id: 'a', _version: 1, name: 'first', count: 2 });
    const outcome = {
      newEvents: [event('Counted', { id: 'a', name: 'second' }), event('Counted', { id: 'a' })],
      revision: 3,
      position: null,
    };
    expect(await documentAfter(counters, collection, 'stream-a', outcome, 'a')).toEqual({
      _id: 'a',
      _version: 3,
      name: 'second',
      count: 4,
    });
    // The store itself is left as it was: the projector writes it.
    expect(await collection.get('a')).toMatchObject({ _version: 1, count: 2 });
  });

  it('creates the document of a new stream, ignores events of other documents, follows a removal', async () => {
    const created = await documentAfter(
      counters,
      await stored(null),
      's',
      {
        newEvents: [event('Counted', { id: 'b', name: 'new' }), event('Counted', { id: 'other' })],
        revision: 1,
        position: null,
      },
      'b',
    );
    expect(created).toEqual({ _id: 'b', _version: 0, name: 'new', count: 1 });
    const removed = await documentAfter(
      counters,
      await stored({ _id: 'c', _version: 0, name: 'c', count: 1 }),
      's',
      { newEvents: [event('Removed', { id: 'c' })], revision: 1, position: null },
      'c',
    );
    expect(removed).toBeNull();
  });

  it('skips what the stored document already reflects (its version guard)', async () => {
    const collection = await stored({ _id: 'd', _version: 5, name: 'ahead', count: 9 });
    const outcome = { newEvents: [event('Counted', { id: 'd', name: 'late' })], revision: 4, position: null };
    expect(await documentAfter(counters, collection, 's', outcome, 'd')).toMatchObject({
      _version: 5,
      name: 'ahead',
      count: 9,
    });
  });
});
