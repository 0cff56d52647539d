import fc from 'fast-check';
import type { StoredDocument } from '../read-store';
import { compareEntries } from './sort-order';
import { MemoryIndex } from './memory-index';
import { takeNext, type IndexEntry } from './sorted-bucket';

type Doc = StoredDocument & { user: string | null; state?: string | number; at: number };

const spec = { name: 'byUser_state', equality: ['user', 'state'], orderBy: 'at' };

function find(index: MemoryIndex, where: Record<string, unknown>): string[] {
  const walkers = index.walkers(where, 'asc');
  const ids: string[] = [];
  for (let entry = takeNext(walkers, 'asc'); entry; entry = takeNext(walkers, 'asc')) ids.push(entry.id);
  return ids;
}

const doc = fc.record({
  _id: fc.integer({ min: 1, max: 12 }).map(String),
  user: fc.constantFrom('u1', 'u2', '\u0002s', null),
  state: fc.constantFrom('open', 'done', 1, '1', undefined),
  at: fc.integer({ min: 0, max: 5 }),
});

describe('MemoryIndex', () => {
  it('finds exactly the documents of the model after any adds, replacements and removals', () => {
    fc.assert(
      fc.property(fc.array(doc, { maxLength: 60 }), (steps) => {
        const index = new MemoryIndex(spec, 'test');
        const model = new Map<string, Doc>();
        for (const step of steps) {
          const next: Doc = { ...step, _version: 1 };
          if (next.state === undefined) delete next.state;
          const stored = model.get(next._id);
          // Every third step on a stored document removes it; the others replace or add.
          if (stored && next.at % 3 === 0) {
            index.remove(stored);
            model.delete(next._id);
          } else if (stored) {
            index.replace(stored, next);
            model.set(next._id, next);
          } else {
            index.add(next);
            model.set(next._id, next);
          }
        }
        const expected = (user: unknown, states: unknown[]): string[] =>
          [...model.values()]
            .filter((d) => (d.user ?? null) === user && states.some((s) => (d.state ?? null) === s))
            .map((d): IndexEntry => ({ value: d.at, id: d._id }))
            .sort((a, b) => compareEntries(a.value, a.id, b.value, b.id))
            .map((e) => e.id);
        for (const user of ['u1', 'u2', '\u0002s', null])
          for (const states of [['open'], [1], ['1'], [null], ['open', 'done', 'open']])
            expect(find(index, { user, state: states.length === 1 ? states[0] : states })).toEqual(
              expected(user, states),
            );
      }),
      { numRuns: 300 },
    );
  });

  it('drops the levels a removal empties, and serves the same keys again afterwards', () => {
    const index = new MemoryIndex(spec, 'test');
    const a: Doc = { _id: 'a', _version: 1, user: 'u1', state: 'open', at: 1 };
    index.add(a);
    index.remove(a);
    expect((index as unknown as { root: Map<unknown, unknown> }).root.size).toBe(0);
    index.add(a);
    expect(find(index, { user: 'u1', state: 'open' })).toEqual(['a']);
  });

  it('shares the entry it is given when it is the same document and sort value, and makes its own otherwise', () => {
    const byUser = new MemoryIndex({ name: 'byUser', equality: ['user'], orderBy: 'at' }, 'test');
    const byState = new MemoryIndex({ name: 'byState', equality: ['state'], orderBy: 'at' }, 'test');
    const byUserState = new MemoryIndex(
      { name: 'byUser_state', equality: ['user', 'state'], orderBy: 'state' },
      'test',
    );
    const a: Doc = { _id: 'a', _version: 1, user: 'u1', state: 'open', at: 1 };
    const entry = byUser.add(a);
    expect(entry).toEqual({ value: 1, id: 'a' });
    expect(byState.add(a, entry)).toBe(entry);
    // Another sort value, or another document, gets an entry of its own.
    expect(byUserState.add(a, entry)).toEqual({ value: 'open', id: 'a' });
    const b: Doc = { _id: 'b', _version: 1, user: 'u1', state: 'open', at: 1 };
    expect(byState.add(b, entry)).toEqual({ value: 1, id: 'b' });
    // A replacement that moves the document indexes the entry it is given; one that does not, keeps its own.
    const moved: Doc = { ...a, _version: 2, state: 'done', at: 2 };
    const next = byUser.replace(a, moved);
    expect(next).toEqual({ value: 2, id: 'a' });
    expect(byState.replace(a, moved, next)).toBe(next);
    expect(find(byState, { state: 'done' })).toEqual(['a']);
    expect(find(byState, { state: 'open' })).toEqual(['b']);
    expect(byUser.replace(moved, { ...moved, _version: 3 }, undefined)).toBeUndefined();
  });

  it('refuses to remove a document it does not hold', () => {
    const index = new MemoryIndex(spec, 'test');
    index.add({ _id: 'a', _version: 1, user: 'u1', state: 'open', at: 1 } as Doc);
    expect(() => index.remove({ _id: 'a', _version: 1, user: 'u1', state: 'open', at: 2 } as Doc)).toThrow(
      /lost a/,
    );
    expect(() => index.remove({ _id: 'b', _version: 1, user: 'u9', state: 'open', at: 1 } as Doc)).toThrow(
      /lost b/,
    );
  });
});
