import { randomUUID } from 'node:crypto';
import {
  InvalidCursorError,
  NoMatchingIndexError,
  type Collection,
  type FindQuery,
  type IndexSpec,
  type ReadStore,
  type Scalar,
  type StoredDocument,
} from './read-store';

interface Op extends StoredDocument {
  account: string;
  status: string;
  at: number;
  label: string;
}

interface Keyed extends StoredDocument {
  key?: Scalar;
  at: number | null;
}

const OP_INDEXES: readonly IndexSpec[] = [
  { name: 'by_account', equality: ['account'], orderBy: 'at' },
  { name: 'by_account_status', equality: ['account', 'status'], orderBy: 'at' },
  { name: 'by_status_label', equality: ['status'], orderBy: 'label' },
  { name: 'all_by_at', equality: [], orderBy: 'at' },
];

const KEYED_INDEXES: readonly IndexSpec[] = [{ name: 'by_key', equality: ['key'], orderBy: 'at' }];

type Query = Omit<FindQuery, 'after'>;

/**
 * What every ReadStore adapter must do. Collections get random names, so the suite can share a
 * server (and a store) with other runs.
 */
export function readStoreContract(name: string, open: () => Promise<ReadStore>): void {
  describe(`ReadStore contract: ${name}`, () => {
    let store: ReadStore;

    beforeAll(async () => {
      store = await open();
    });

    afterAll(async () => {
      await store.close();
    });

    function randomName(): string {
      return `t${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    }

    function ops(name = randomName(), version = 1): Collection<Op> {
      return store.collection<Op>({ name, version, indexes: OP_INDEXES });
    }

    function keyed(): Collection<Keyed> {
      return store.collection<Keyed>({ name: randomName(), version: 1, indexes: KEYED_INDEXES });
    }

    function op(id: string, version: number | string, fields: Partial<Op> = {}): Op {
      return { _id: id, _version: version, account: 'a', status: 'pending', at: 0, label: 'l', ...fields };
    }

    /** 30 operations over 3 accounts and 2 statuses, many sharing `at`, inserted out of order. */
    async function seeded(): Promise<{ collection: Collection<Op>; docs: Op[] }> {
      const collection = ops();
      const docs: Op[] = [];
      for (let n = 0; n < 30; n++) {
        const i = (n * 11) % 30;
        docs.push(
          op(`op${String(i).padStart(2, '0')}`, 1, {
            account: ['a', 'b', 'c'][i % 3],
            status: i % 4 === 0 ? 'done' : 'pending',
            at: (i * 7) % 10,
            label: `l${(i * 3) % 5}`,
          }),
        );
      }
      for (const doc of docs) expect(await collection.put(doc)).toBe('written');
      return { collection, docs };
    }

    function expected(docs: Op[], where: (doc: Op) => boolean, orderBy: 'at' | 'label', dir: 'asc' | 'desc') {
      const sorted = docs
        .filter(where)
        .sort((x, y) => compare(x[orderBy], y[orderBy]) || compare(x._id, y._id))
        .map((doc) => doc._id);
      return dir === 'asc' ? sorted : sorted.reverse();
    }

    async function ids<D extends StoredDocument>(collection: Collection<D>, query: Query): Promise<string[]> {
      const page = await collection.find(query);
      return page.items.map((doc) => doc._id);
    }

    /** Follows nextCursor to the end, checking page sizes; `between` runs after each page read. */
    async function walk<D extends StoredDocument>(
      collection: Collection<D>,
      query: Query,
      between?: (page: number) => Promise<void>,
    ): Promise<string[]> {
      const seen: string[] = [];
      let after: string | undefined;
      for (let page = 0; page < 1000; page++) {
        const result = await collection.find({ ...query, after });
        seen.push(...result.items.map((doc) => doc._id));
        if (result.nextCursor === null) {
          expect(result.items.length).toBeLessThanOrEqual(query.limit);
          return seen;
        }
        expect(result.items).toHaveLength(query.limit);
        after = result.nextCursor;
        await between?.(page);
      }
      throw new Error('pagination never ended');
    }

    describe('documents', () => {
      it('returns what was put, and null for an unknown id', async () => {
        const collection = ops();
        const doc = op('x', 1, { account: 'b', status: 'done', at: 42, label: 'hello' });
        expect(await collection.put(doc)).toBe('written');
        expect(await collection.get('x')).toEqual(doc);
        expect(await collection.get('y')).toBeNull();
      });

      it('writes only a newer numeric version', async () => {
        const collection = ops();
        expect(await collection.put(op('x', 5, { label: 'five' }))).toBe('written');
        expect(await collection.put(op('x', 5, { label: 'again' }))).toBe('stale');
        expect(await collection.put(op('x', 4, { label: 'older' }))).toBe('stale');
        expect((await collection.get('x'))?.label).toBe('five');
        expect(await collection.put(op('x', 6, { label: 'six' }))).toBe('written');
        expect(await collection.get('x')).toEqual(op('x', 6, { label: 'six' }));
      });

      it('writes only a newer string version', async () => {
        const collection = ops();
        const v = (n: number) => String(n).padStart(20, '0');
        expect(await collection.put(op('x', v(9), { label: 'nine' }))).toBe('written');
        expect(await collection.put(op('x', v(9), { label: 'again' }))).toBe('stale');
        expect(await collection.put(op('x', v(8), { label: 'older' }))).toBe('stale');
        expect((await collection.get('x'))?.label).toBe('nine');
        expect(await collection.put(op('x', v(10), { label: 'ten' }))).toBe('written');
        expect((await collection.get('x'))?.label).toBe('ten');
      });

      it('deletes only for a newer version, and ignores unknown ids', async () => {
        const collection = ops();
        await collection.put(op('x', 3));
        await collection.delete('x', 2);
        await collection.delete('x', 3);
        expect(await collection.get('x')).not.toBeNull();
        await collection.delete('x', 4);
        expect(await collection.get('x')).toBeNull();
        await collection.delete('nobody', 1);
        expect(await collection.count()).toBe(0);
      });

      it('counts and clears', async () => {
        const collection = ops();
        for (const id of ['x', 'y', 'z']) await collection.put(op(id, 1));
        expect(await collection.count()).toBe(3);
        await collection.delete('y', 2);
        expect(await collection.count()).toBe(2);
        await collection.clear();
        expect(await collection.count()).toBe(0);
        expect(await collection.get('x')).toBeNull();
        expect(
          await ids(collection, { where: { account: 'a' }, orderBy: 'at', direction: 'asc', limit: 10 }),
        ).toEqual([]);
        expect(await collection.put(op('x', 1))).toBe('written');
        expect(
          await ids(collection, { where: { account: 'a' }, orderBy: 'at', direction: 'asc', limit: 10 }),
        ).toEqual(['x']);
      });

      it('keeps collections of another name or version apart', async () => {
        const name = randomName();
        const v1 = ops(name, 1);
        const v2 = ops(name, 2);
        const other = ops();
        await v1.put(op('x', 1));
        expect(await v2.get('x')).toBeNull();
        expect(await other.get('x')).toBeNull();
        expect(await v2.count()).toBe(0);
        expect(
          await ids(v2, { where: { account: 'a' }, orderBy: 'at', direction: 'asc', limit: 10 }),
        ).toEqual([]);
        expect(await v2.put(op('x', 1))).toBe('written');
        await other.put(op('x', 1));
        await v2.clear();
        expect(await v1.get('x')).not.toBeNull();
        expect(await other.get('x')).not.toBeNull();
      });
    });

    describe('find', () => {
      it('orders by a one-field index, ties by _id, both directions', async () => {
        const collection = ops();
        for (const [id, at] of [
          ['d', 2],
          ['b', 1],
          ['c', 2],
          ['a', 1],
          ['e', 0],
        ] as const) {
          await collection.put(op(id, 1, { at }));
        }
        await collection.put(op('other', 1, { account: 'z', at: 1 }));
        const query: Query = { where: { account: 'a' }, orderBy: 'at', direction: 'asc', limit: 10 };
        expect(await ids(collection, query)).toEqual(['e', 'a', 'b', 'c', 'd']);
        expect(await ids(collection, { ...query, direction: 'desc' })).toEqual(['d', 'c', 'b', 'a', 'e']);
      });

      it('serves two-field, string-ordered and field-less indexes', async () => {
        const { collection, docs } = await seeded();
        for (const direction of ['asc', 'desc'] as const) {
          expect(
            await ids(collection, {
              where: { status: 'pending', account: 'b' },
              orderBy: 'at',
              direction,
              limit: 30,
            }),
          ).toEqual(expected(docs, (d) => d.account === 'b' && d.status === 'pending', 'at', direction));
          expect(
            await ids(collection, { where: { status: 'pending' }, orderBy: 'label', direction, limit: 30 }),
          ).toEqual(expected(docs, (d) => d.status === 'pending', 'label', direction));
          expect(await ids(collection, { where: {}, orderBy: 'at', direction, limit: 30 })).toEqual(
            expected(docs, () => true, 'at', direction),
          );
        }
      });

      it('merges the buckets of an IN query in order, without duplicates', async () => {
        const { collection, docs } = await seeded();
        for (const direction of ['asc', 'desc'] as const) {
          const want = expected(docs, (d) => d.account === 'a' || d.account === 'c', 'at', direction);
          const query: Query = { where: { account: ['c', 'a', 'c'] }, orderBy: 'at', direction, limit: 30 };
          expect(await ids(collection, query)).toEqual(want);
          expect(await walk(collection, { ...query, limit: 3 })).toEqual(want);
          expect(
            await ids(collection, {
              where: { account: 'a', status: ['done', 'pending'] },
              orderBy: 'at',
              direction,
              limit: 30,
            }),
          ).toEqual(expected(docs, (d) => d.account === 'a', 'at', direction));
        }
        expect(
          await collection.find({ where: { account: [] }, orderBy: 'at', direction: 'asc', limit: 5 }),
        ).toEqual({ items: [], nextCursor: null });
      });

      it('matches equality values by type: 1, "1", true and null are different keys', async () => {
        const collection = keyed();
        const docs: Keyed[] = [
          { _id: 'number', _version: 1, key: 1, at: 0 },
          { _id: 'string', _version: 1, key: '1', at: 0 },
          { _id: 'boolean', _version: 1, key: true, at: 0 },
          { _id: 'null', _version: 1, key: null, at: 0 },
          { _id: 'missing', _version: 1, at: 0 },
        ];
        for (const doc of docs) await collection.put(doc);
        const find = (key: Scalar | Scalar[]) =>
          ids(collection, { where: { key }, orderBy: 'at', direction: 'asc', limit: 10 });
        expect(await find(1)).toEqual(['number']);
        expect(await find('1')).toEqual(['string']);
        expect(await find(true)).toEqual(['boolean']);
        expect(await find(null)).toEqual(['missing', 'null']);
        expect(await find([1, true])).toEqual(['boolean', 'number']);
      });

      it('sorts a null orderBy value first ascending and last descending, across pages', async () => {
        const collection = keyed();
        const ats: Record<string, number | null> = { a: 2, b: null, c: 1, d: null, e: 2, f: 0 };
        for (const [id, at] of Object.entries(ats))
          await collection.put({ _id: id, _version: 1, key: 'k', at });
        const query: Query = { where: { key: 'k' }, orderBy: 'at', direction: 'asc', limit: 1 };
        const ascending = ['b', 'd', 'f', 'c', 'a', 'e'];
        expect(await walk(collection, query)).toEqual(ascending);
        expect(await walk(collection, { ...query, direction: 'desc' })).toEqual([...ascending].reverse());
        expect(await walk(collection, { ...query, limit: 2 })).toEqual(ascending);
      });

      it('returns at most limit items, and a cursor only when more follow', async () => {
        const collection = ops();
        for (let i = 0; i < 9; i++) await collection.put(op(`x${i}`, 1, { at: i }));
        const query: Query = { where: { account: 'a' }, orderBy: 'at', direction: 'asc', limit: 3 };
        const first = await collection.find({ ...query, limit: 1 });
        expect(first.items.map((d) => d._id)).toEqual(['x0']);
        expect(first.nextCursor).not.toBeNull();
        expect(await collection.find({ ...query, limit: 9 })).toMatchObject({ nextCursor: null });
        expect((await collection.find({ ...query, limit: 100 })).items).toHaveLength(9);

        let page = await collection.find(query);
        page = await collection.find({ ...query, after: page.nextCursor! });
        page = await collection.find({ ...query, after: page.nextCursor! });
        expect(page.items.map((d) => d._id)).toEqual(['x6', 'x7', 'x8']);
        expect(page.nextCursor).toBeNull();
      });

      it('walks every item exactly once, in both directions and every page size', async () => {
        const { collection, docs } = await seeded();
        for (const direction of ['asc', 'desc'] as const) {
          for (const limit of [1, 2, 4, 7, 29, 30, 31]) {
            expect(await walk(collection, { where: {}, orderBy: 'at', direction, limit })).toEqual(
              expected(docs, () => true, 'at', direction),
            );
            expect(
              await walk(collection, { where: { status: 'pending' }, orderBy: 'label', direction, limit }),
            ).toEqual(expected(docs, (d) => d.status === 'pending', 'label', direction));
          }
        }
      });

      it('keeps its place when items are inserted between page reads', async () => {
        for (const direction of ['asc', 'desc'] as const) {
          const collection = ops();
          for (let i = 0; i < 20; i++)
            await collection.put(op(`x${String(i).padStart(2, '0')}`, 1, { at: i * 10 }));
          // After the first page (x00..x04 ascending, x19..x15 descending) the cursor sits at
          // (40, x04) or (150, x15); each insert lands behind it or ahead of it.
          const behind =
            direction === 'asc'
              ? [op('behind1', 1, { at: 15 }), op('x03z', 1, { at: 40 })]
              : [op('behind1', 1, { at: 185 }), op('x15z', 1, { at: 150 })];
          const ahead =
            direction === 'asc'
              ? [op('ahead1', 1, { at: 95 }), op('x04z', 1, { at: 40 }), op('ahead2', 1, { at: 1000 })]
              : [op('ahead1', 1, { at: 95 }), op('x14z', 1, { at: 150 }), op('ahead2', 1, { at: -5 })];
          const seen = await walk(
            collection,
            { where: { account: 'a' }, orderBy: 'at', direction, limit: 5 },
            async (page) => {
              if (page === 0) for (const doc of [...behind, ...ahead]) await collection.put(doc);
              if (page === 1) await collection.put(op('late', 1, { at: direction === 'asc' ? 2000 : -2000 }));
            },
          );
          expect(new Set(seen).size).toBe(seen.length);
          for (let i = 0; i < 20; i++) expect(seen).toContain(`x${String(i).padStart(2, '0')}`);
          for (const doc of [...ahead, op('late', 1)]) expect(seen).toContain(doc._id);
          for (const doc of behind) expect(seen).not.toContain(doc._id);
          expect(seen).toHaveLength(20 + ahead.length + 1);
        }
      });

      it('moves a re-put document between buckets and along the order', async () => {
        const collection = ops();
        for (let i = 0; i < 5; i++) await collection.put(op(`x${i}`, 1, { at: i }));
        const query: Query = { where: { account: 'a' }, orderBy: 'at', direction: 'asc', limit: 10 };
        await collection.put(op('x1', 2, { at: 100 }));
        expect(await ids(collection, query)).toEqual(['x0', 'x2', 'x3', 'x4', 'x1']);
        await collection.put(op('x4', 2, { at: -1 }));
        expect(await ids(collection, query)).toEqual(['x4', 'x0', 'x2', 'x3', 'x1']);

        await collection.put(op('x2', 2, { account: 'b', status: 'done', at: 7 }));
        expect(await ids(collection, query)).toEqual(['x4', 'x0', 'x3', 'x1']);
        expect(await ids(collection, { ...query, where: { account: 'b' } })).toEqual(['x2']);
        expect(await ids(collection, { ...query, where: { account: 'b', status: 'done' } })).toEqual(['x2']);
        expect(await ids(collection, { ...query, where: { account: 'a', status: 'done' } })).toEqual([]);
        expect(await ids(collection, { ...query, where: {} })).toEqual(['x4', 'x0', 'x3', 'x2', 'x1']);

        await collection.put(op('x3', 2, { label: 'renamed' }));
        expect(await ids(collection, query)).toEqual(['x4', 'x0', 'x3', 'x1']);
        expect((await collection.find(query)).items[2].label).toBe('renamed');
      });

      it('forgets deleted documents', async () => {
        const collection = ops();
        for (let i = 0; i < 5; i++) await collection.put(op(`x${i}`, 1, { at: i }));
        await collection.delete('x2', 2);
        await collection.delete('x0', 2);
        const query: Query = { where: { account: 'a' }, orderBy: 'at', direction: 'asc', limit: 10 };
        expect(await ids(collection, query)).toEqual(['x1', 'x3', 'x4']);
        expect(await ids(collection, { ...query, where: { account: 'a', status: 'pending' } })).toEqual([
          'x1',
          'x3',
          'x4',
        ]);
      });

      it('rejects a cursor it cannot decode', async () => {
        const collection = ops();
        await collection.put(op('x', 1));
        const encoded = (text: string) => Buffer.from(text).toString('base64url');
        for (const after of [
          'not a cursor',
          '',
          '%%%',
          encoded('{"a":1}'),
          encoded('[1]'),
          encoded('[1,2]'),
          encoded('[{},"x"]'),
          encoded('[1,"x"'),
        ]) {
          await expect(
            collection.find({ where: { account: 'a' }, orderBy: 'at', direction: 'asc', limit: 1, after }),
          ).rejects.toThrow(InvalidCursorError);
        }
      });

      it('refuses a query that no declared index serves', async () => {
        const collection = ops();
        const base = { direction: 'asc', limit: 10 } as const;
        const queries: FindQuery[] = [
          { ...base, where: { label: 'l' }, orderBy: 'at' },
          { ...base, where: { account: 'a' }, orderBy: 'label' },
          { ...base, where: { account: 'a', status: 'done', label: 'l' }, orderBy: 'at' },
          { ...base, where: {}, orderBy: 'label' },
        ];
        for (const query of queries) {
          await expect(collection.find(query)).rejects.toThrow(NoMatchingIndexError);
        }
      });
    });

    describe('checkpoints', () => {
      it('stores, replaces, lists and deletes positions', async () => {
        const first = randomName();
        const second = randomName();
        expect(await store.checkpoints.get(first)).toBeNull();
        await store.checkpoints.put(first, '10');
        await store.checkpoints.put(second, '20/19');
        await store.checkpoints.put(first, '11');
        expect(await store.checkpoints.get(first)).toBe('11');
        expect(await store.checkpoints.all()).toMatchObject({ [first]: '11', [second]: '20/19' });
        await store.checkpoints.delete(first);
        await store.checkpoints.delete(randomName());
        expect(await store.checkpoints.get(first)).toBeNull();
        expect(await store.checkpoints.get(second)).toBe('20/19');
        expect(Object.keys(await store.checkpoints.all())).not.toContain(first);
      });
    });

    describe('leases', () => {
      it('gives a lease to one owner at a time, renews it for the holder, frees it on expiry or release', async () => {
        const lease = randomName();
        expect(await store.leases.acquire(lease, 'worker-a', 60_000)).toBe(true);
        expect(await store.leases.acquire(lease, 'worker-b', 60_000)).toBe(false);
        expect(await store.leases.acquire(lease, 'worker-a', 60_000)).toBe(true);
        await store.leases.release(lease, 'worker-b');
        expect(await store.leases.acquire(lease, 'worker-b', 60_000)).toBe(false);
        await store.leases.release(lease, 'worker-a');
        expect(await store.leases.acquire(lease, 'worker-b', 40)).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 80));
        expect(await store.leases.acquire(lease, 'worker-a', 60_000)).toBe(true);
        expect(await store.leases.acquire(lease, 'worker-b', 60_000)).toBe(false);
      });

      it('decides concurrent takers: exactly one wins', async () => {
        const lease = randomName();
        const won = await Promise.all(
          ['a', 'b', 'c', 'd'].map((w) => store.leases.acquire(lease, w, 60_000)),
        );
        expect(won.filter(Boolean)).toHaveLength(1);
      });
    });

    it('answers ping', async () => {
      expect(await store.ping()).toBe(true);
    });
  });
}

function compare(a: string | number, b: string | number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
