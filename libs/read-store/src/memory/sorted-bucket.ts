import type { CursorPosition } from '../cursor';
import type { Scalar } from '../read-store';
import { compareEntries } from './sort-order';

export interface IndexEntry {
  readonly value: Scalar;
  readonly id: string;
}

const DEFAULT_LEAF_SIZE = 512;

/**
 * The entries of one bucket ordered by (value, id), held as consecutive sorted leaves of at most
 * `leafSize` entries rather than one array: a document whose sort key changes leaves the middle of
 * its bucket, and splicing a single array of a million entries would cost milliseconds per move.
 * Appending the greatest entry (increasing sort keys, the usual case) is a comparison and a push.
 */
export class SortedBucket {
  private readonly leaves: IndexEntry[][] = [];
  private count = 0;

  constructor(private readonly leafSize = DEFAULT_LEAF_SIZE) {}

  get size(): number {
    return this.count;
  }

  insert(entry: IndexEntry): void {
    const leaves = this.leaves;
    this.count++;
    if (leaves.length === 0) {
      leaves.push([entry]);
      return;
    }
    const lastLeaf = leaves[leaves.length - 1];
    const last = lastLeaf[lastLeaf.length - 1];
    if (compareEntries(last.value, last.id, entry.value, entry.id) < 0) {
      if (lastLeaf.length < this.leafSize) lastLeaf.push(entry);
      else leaves.push([entry]);
      return;
    }
    // Some leaf ends at or after the entry, since the last one does.
    const at = this.leafReaching(entry.value, entry.id, false);
    const leaf = leaves[at];
    leaf.splice(searchLeaf(leaf, entry.value, entry.id, false), 0, entry);
    if (leaf.length > this.leafSize) leaves.splice(at + 1, 0, leaf.splice(leaf.length >> 1));
  }

  /** False when no entry (value, id) is present. */
  remove(value: Scalar, id: string): boolean {
    const leaves = this.leaves;
    const at = this.leafReaching(value, id, false);
    if (at === leaves.length) return false;
    const leaf = leaves[at];
    const i = searchLeaf(leaf, value, id, false);
    if (i === leaf.length || compareEntries(leaf[i].value, leaf[i].id, value, id) !== 0) return false;
    if (i === leaf.length - 1) leaf.pop();
    else leaf.splice(i, 1);
    this.count--;
    if (leaf.length === 0) leaves.splice(at, 1);
    else if (leaf.length < this.leafSize >> 2) this.mergeAround(at);
    return true;
  }

  /** Walks the entries strictly after `after` in the given direction (all of them without `after`). */
  walk(direction: 'asc' | 'desc', after?: CursorPosition): BucketWalker {
    const leaves = this.leaves;
    if (direction === 'asc') {
      if (after === undefined) return new BucketWalker(leaves, 0, 0, 1);
      const at = this.leafReaching(after.value, after.id, true);
      const index = at === leaves.length ? 0 : searchLeaf(leaves[at], after.value, after.id, true);
      return new BucketWalker(leaves, at, index, 1);
    }
    let at = after === undefined ? leaves.length : this.leafReaching(after.value, after.id, false);
    let index = at === leaves.length ? 0 : searchLeaf(leaves[at], after!.value, after!.id, false);
    if (index === 0) {
      at--;
      index = at >= 0 ? leaves[at].length : 0;
    }
    return new BucketWalker(leaves, at, index - 1, -1);
  }

  /** Index of the first leaf whose last entry is at or after (strict: after) the position. */
  private leafReaching(value: Scalar, id: string, strict: boolean): number {
    const leaves = this.leaves;
    let lo = 0;
    let hi = leaves.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const leaf = leaves[mid];
      const last = leaf[leaf.length - 1];
      const order = compareEntries(last.value, last.id, value, id);
      if (order < 0 || (strict && order === 0)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Keeps removals from leaving long runs of nearly empty leaves behind. */
  private mergeAround(at: number): void {
    const leaves = this.leaves;
    const size = leaves[at].length;
    if (at + 1 < leaves.length && size + leaves[at + 1].length <= this.leafSize) {
      leaves[at].push(...leaves[at + 1]);
      leaves.splice(at + 1, 1);
    } else if (at > 0 && size + leaves[at - 1].length <= this.leafSize) {
      leaves[at - 1].push(...leaves[at]);
      leaves.splice(at, 1);
    }
  }
}

/** A position in a bucket moving one way; valid until the bucket changes. */
export class BucketWalker {
  constructor(
    private readonly leaves: IndexEntry[][],
    private leaf: number,
    private index: number,
    private readonly step: 1 | -1,
  ) {}

  current(): IndexEntry | undefined {
    const leaf = this.leaves[this.leaf];
    return leaf === undefined ? undefined : leaf[this.index];
  }

  advance(): void {
    this.index += this.step;
    if (this.step === 1) {
      if (this.index >= this.leaves[this.leaf].length) {
        this.leaf++;
        this.index = 0;
      }
    } else if (this.index < 0) {
      this.leaf--;
      this.index = this.leaf >= 0 ? this.leaves[this.leaf].length - 1 : 0;
    }
  }
}

/** Takes the next entry of the merged walk over several buckets (an IN query). */
export function takeNext(
  walkers: readonly BucketWalker[],
  direction: 'asc' | 'desc',
): IndexEntry | undefined {
  let best: BucketWalker | undefined;
  let bestEntry: IndexEntry | undefined;
  const sign = direction === 'asc' ? 1 : -1;
  for (const walker of walkers) {
    const entry = walker.current();
    if (entry === undefined) continue;
    if (
      bestEntry === undefined ||
      sign * compareEntries(entry.value, entry.id, bestEntry.value, bestEntry.id) < 0
    ) {
      best = walker;
      bestEntry = entry;
    }
  }
  best?.advance();
  return bestEntry;
}

/** First index in the sorted leaf whose entry is at or after (strict: after) the position. */
function searchLeaf(leaf: readonly IndexEntry[], value: Scalar, id: string, strict: boolean): number {
  let lo = 0;
  let hi = leaf.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const order = compareEntries(leaf[mid].value, leaf[mid].id, value, id);
    if (order < 0 || (strict && order === 0)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
