import type { CursorPosition } from '../cursor';
import type { IndexSpec, Scalar, StoredDocument } from '../read-store';
import { bucketKey, bucketKeys } from './bucket-key';
import { sortValueOf } from './sort-order';
import { SortedBucket, type BucketWalker, type IndexEntry } from './sorted-bucket';

type Bucket = SortedBucket | IndexEntry;
/** One Map per equality field, keyed by its values (`bucketKey`); the last one holds buckets. */
type Level = Map<unknown, Level | Bucket>;

/**
 * One declared index: a sorted bucket per combination of equality values, found through one Map
 * level per equality field. Most buckets of a per-user index hold one entry, so a lone entry is
 * kept as it is and becomes a SortedBucket only when a second one joins it (a million users would
 * otherwise cost three million objects).
 */
export class MemoryIndex {
  private readonly root: Level = new Map();
  private readonly equality: readonly string[];
  private readonly orderBy: string;

  constructor(
    readonly spec: IndexSpec,
    private readonly collection: string,
  ) {
    this.equality = spec.equality;
    this.orderBy = spec.orderBy;
  }

  /**
   * Indexes the document; returns its entry, which the next index may share (`reuse`): entries
   * never change, and a collection's indexes mostly sort by the same field, so one entry serves
   * them all instead of one object per index and document kept for the document's life.
   */
  add(doc: StoredDocument, reuse?: IndexEntry): IndexEntry {
    const values = doc as unknown as Record<string, unknown>;
    const fields = this.equality;
    let level = this.root;
    for (let i = 0; i < fields.length - 1; i++) {
      const key = bucketKey(values[fields[i]]);
      let next = level.get(key) as Level | undefined;
      if (next === undefined) level.set(key, (next = new Map()));
      level = next;
    }
    const key = this.lastKey(values);
    const value = sortValueOf(doc, this.orderBy);
    const entry: IndexEntry =
      reuse !== undefined && reuse.id === doc._id && reuse.value === value ? reuse : { value, id: doc._id };
    const bucket = level.get(key) as Bucket | undefined;
    if (bucket === undefined) level.set(key, entry);
    else if (bucket instanceof SortedBucket) bucket.insert(entry);
    else level.set(key, bucketOf(bucket, entry));
    return entry;
  }

  remove(doc: StoredDocument): void {
    const values = doc as unknown as Record<string, unknown>;
    const fields = this.equality;
    // The levels above the bucket, each with the key that leads down from it.
    const path: [Level, unknown][] = [];
    let level: Level | undefined = this.root;
    for (let i = 0; i < fields.length - 1 && level !== undefined; i++) {
      const key = bucketKey(values[fields[i]]);
      path.push([level, key]);
      level = level.get(key) as Level | undefined;
    }
    const key = this.lastKey(values);
    const bucket = level?.get(key) as Bucket | undefined;
    const value = sortValueOf(doc, this.orderBy);
    let emptied: boolean;
    if (bucket instanceof SortedBucket && bucket.remove(value, doc._id)) emptied = bucket.size === 0;
    else if (bucket !== undefined && !(bucket instanceof SortedBucket) && isEntry(bucket, value, doc._id))
      emptied = true;
    else
      throw new Error(
        `index ${this.spec.name} of ${this.collection} lost ${doc._id}: a document was mutated after put`,
      );
    if (!emptied) return;
    level!.delete(key);
    // Levels left empty go too, from the bottom up.
    for (let i = path.length - 1; i >= 0 && level!.size === 0; i--) {
      const [parent, down] = path[i];
      parent.delete(down);
      level = parent;
    }
  }

  /** Moves the document if its place changed; returns its new entry then (see `add`). */
  replace(stored: StoredDocument, next: StoredDocument, reuse?: IndexEntry): IndexEntry | undefined {
    if (this.keepsPlace(stored, next)) return reuse;
    this.remove(stored);
    return this.add(next, reuse);
  }

  walkers(where: Record<string, unknown>, direction: 'asc' | 'desc', after?: CursorPosition): BucketWalker[] {
    const walkers: BucketWalker[] = [];
    const fields = this.equality;
    const visit = (level: Level, i: number): void => {
      if (i >= fields.length - 1) {
        for (const key of fields.length === 0 ? [null] : bucketKeys(where[fields[i]])) {
          const bucket = level.get(key) as Bucket | undefined;
          if (bucket === undefined) continue;
          walkers.push((bucket instanceof SortedBucket ? bucket : bucketOf(bucket)).walk(direction, after));
        }
        return;
      }
      for (const key of bucketKeys(where[fields[i]])) {
        const next = level.get(key) as Level | undefined;
        if (next !== undefined) visit(next, i + 1);
      }
    };
    visit(this.root, 0);
    return walkers;
  }

  clear(): void {
    this.root.clear();
  }

  /** The bucket's key in the last level (an index without equality fields has one bucket). */
  private lastKey(values: Record<string, unknown>): unknown {
    const fields = this.equality;
    return fields.length === 0 ? null : bucketKey(values[fields[fields.length - 1]]);
  }

  /** The fast path of a replacement: same bucket, same sort value, so the entry stays as it is. */
  private keepsPlace(stored: StoredDocument, next: StoredDocument): boolean {
    const a = stored as unknown as Record<string, Scalar | undefined>;
    const b = next as unknown as Record<string, Scalar | undefined>;
    if (!sameValue(a[this.orderBy], b[this.orderBy])) return false;
    for (const field of this.equality) if (!sameValue(a[field], b[field])) return false;
    return true;
  }
}

function bucketOf(...entries: IndexEntry[]): SortedBucket {
  const bucket = new SortedBucket();
  for (const entry of entries) bucket.insert(entry);
  return bucket;
}

function isEntry(entry: IndexEntry, value: Scalar, id: string): boolean {
  return entry.id === id && sameValue(entry.value, value);
}

function sameValue(a: Scalar | undefined, b: Scalar | undefined): boolean {
  return a === b || (a == null && b == null);
}
