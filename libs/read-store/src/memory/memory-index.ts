import type { CursorPosition } from '../cursor';
import type { IndexSpec, Scalar, StoredDocument } from '../read-store';
import { equalityKey, equalityKeys } from './equality-key';
import { sortValueOf } from './sort-order';
import { SortedBucket, type BucketWalker, type IndexEntry } from './sorted-bucket';

/**
 * One declared index: a sorted bucket per combination of equality values. Most buckets of a
 * per-user index hold one entry, so a lone entry is kept as it is and becomes a SortedBucket
 * only when a second one joins it (a million users would otherwise cost three million objects).
 */
export class MemoryIndex {
  private readonly buckets = new Map<string, SortedBucket | IndexEntry>();
  private readonly equality: readonly string[];
  private readonly orderBy: string;

  constructor(
    readonly spec: IndexSpec,
    private readonly collection: string,
  ) {
    this.equality = spec.equality;
    this.orderBy = spec.orderBy;
  }

  add(doc: StoredDocument): void {
    const key = equalityKey(doc, this.equality);
    const entry: IndexEntry = { value: sortValueOf(doc, this.orderBy), id: doc._id };
    const bucket = this.buckets.get(key);
    if (bucket === undefined) this.buckets.set(key, entry);
    else if (bucket instanceof SortedBucket) bucket.insert(entry);
    else this.buckets.set(key, bucketOf(bucket, entry));
  }

  remove(doc: StoredDocument): void {
    const key = equalityKey(doc, this.equality);
    const bucket = this.buckets.get(key);
    const value = sortValueOf(doc, this.orderBy);
    if (bucket instanceof SortedBucket && bucket.remove(value, doc._id)) {
      if (bucket.size === 0) this.buckets.delete(key);
    } else if (bucket !== undefined && !(bucket instanceof SortedBucket) && isEntry(bucket, value, doc._id)) {
      this.buckets.delete(key);
    } else {
      throw new Error(
        `index ${this.spec.name} of ${this.collection} lost ${doc._id}: a document was mutated after put`,
      );
    }
  }

  replace(stored: StoredDocument, next: StoredDocument): void {
    if (this.keepsPlace(stored, next)) return;
    this.remove(stored);
    this.add(next);
  }

  walkers(where: Record<string, unknown>, direction: 'asc' | 'desc', after?: CursorPosition): BucketWalker[] {
    const walkers: BucketWalker[] = [];
    for (const key of equalityKeys(where, this.equality)) {
      const bucket = this.buckets.get(key);
      if (bucket === undefined) continue;
      walkers.push((bucket instanceof SortedBucket ? bucket : bucketOf(bucket)).walk(direction, after));
    }
    return walkers;
  }

  clear(): void {
    this.buckets.clear();
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
