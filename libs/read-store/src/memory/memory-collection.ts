import { decodeCursor, encodeCursor, listOf } from '../cursor';
import { chooseIndex, storedName } from '../find-query';
import type {
  CollectionSpec,
  FindQuery,
  InProcessCollection,
  Page,
  PutOutcome,
  StoredDocument,
} from '../read-store';
import { MemoryIndex } from './memory-index';
import { takeNext, type IndexEntry } from './sorted-bucket';

/**
 * Documents by `_id` plus one MemoryIndex per declared index. Documents are stored and returned by
 * reference, never copied: callers must not mutate a document after putting it or after getting it
 * (projectors compute new documents; a mutated indexed field would desynchronise the indexes).
 */
export class MemoryCollection<D extends StoredDocument> implements InProcessCollection<D> {
  readonly name: string;
  private readonly docs = new Map<string, D>();
  private readonly indexes: MemoryIndex[];

  constructor(readonly spec: CollectionSpec) {
    this.name = storedName(spec);
    this.indexes = spec.indexes.map((index) => new MemoryIndex(index, this.name));
  }

  async get(id: string): Promise<D | null> {
    return this.docs.get(id) ?? null;
  }

  async put(doc: D): Promise<PutOutcome> {
    return this.putNow(doc);
  }

  async delete(id: string, version: number | string): Promise<void> {
    this.deleteNow(id, version);
  }

  getNow(id: string): D | null {
    return this.docs.get(id) ?? null;
  }

  putNow(doc: D): PutOutcome {
    const indexes = this.indexes;
    const stored = this.docs.get(doc._id);
    // One entry shared by the indexes that sort by the same value (MemoryIndex.add).
    let entry: IndexEntry | undefined;
    if (stored === undefined) {
      for (let i = 0; i < indexes.length; i++) entry = indexes[i].add(doc, entry);
    } else {
      if (!isNewer(doc._version, stored._version)) return 'stale';
      for (let i = 0; i < indexes.length; i++) entry = indexes[i].replace(stored, doc, entry);
    }
    this.docs.set(doc._id, doc);
    return 'written';
  }

  deleteNow(id: string, version: number | string): void {
    const stored = this.docs.get(id);
    if (stored === undefined || !isNewer(version, stored._version)) return;
    for (const index of this.indexes) index.remove(stored);
    this.docs.delete(id);
  }

  async find(query: FindQuery): Promise<Page<D>> {
    const spec = chooseIndex(this.name, this.spec.indexes, query);
    const index = this.indexes[this.spec.indexes.indexOf(spec)];
    const list = listOf(this.spec.name, query.orderBy);
    const after = query.after === undefined ? undefined : decodeCursor(query.after, list);
    const walkers = index.walkers(query.where, query.direction, after);
    const items: D[] = [];
    let last: IndexEntry | undefined;
    for (;;) {
      const entry = takeNext(walkers, query.direction);
      if (entry === undefined) return { items, nextCursor: null };
      if (last !== undefined && items.length === query.limit) {
        return { items, nextCursor: encodeCursor(list, last.value, last.id) };
      }
      items.push(this.docs.get(entry.id)!);
      last = entry;
    }
  }

  async count(): Promise<number> {
    return this.docs.size;
  }

  async clear(): Promise<void> {
    this.docs.clear();
    for (const index of this.indexes) index.clear();
  }
}

/**
 * Versions of different types never compare as newer, as in MongoDB's `$lt`, which only matches
 * values of the same type.
 */
function isNewer(version: number | string, stored: number | string): boolean {
  return typeof version === typeof stored && stored < version;
}
