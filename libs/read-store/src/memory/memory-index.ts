import type { CursorPosition } from '../cursor';
import type { IndexSpec, Scalar, StoredDocument } from '../read-store';
import { equalityKey, equalityKeys } from './equality-key';
import { sortValueOf } from './sort-order';
import { SortedBucket, type BucketWalker } from './sorted-bucket';

/** One declared index: a sorted bucket per combination of equality values. */
export class MemoryIndex {
  private readonly buckets = new Map<string, SortedBucket>();
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
    let bucket = this.buckets.get(key);
    if (bucket === undefined) {
      bucket = new SortedBucket();
      this.buckets.set(key, bucket);
    }
    bucket.insert({ value: sortValueOf(doc, this.orderBy), id: doc._id });
  }

  remove(doc: StoredDocument): void {
    const key = equalityKey(doc, this.equality);
    const bucket = this.buckets.get(key);
    if (bucket === undefined || !bucket.remove(sortValueOf(doc, this.orderBy), doc._id)) {
      throw new Error(
        `index ${this.spec.name} of ${this.collection} lost ${doc._id}: a document was mutated after put`,
      );
    }
    if (bucket.size === 0) this.buckets.delete(key);
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
      if (bucket !== undefined) walkers.push(bucket.walk(direction, after));
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

function sameValue(a: Scalar | undefined, b: Scalar | undefined): boolean {
  return a === b || (a == null && b == null);
}
