/**
 * The read side: whole documents computed by projectors, replaced as a whole (never updated
 * field by field), and queried only through the indexes each read model declares.
 */

export type Scalar = string | number | boolean | null;

/**
 * Every stored document has an `_id` and a `_version`: the stream revision (number) or the
 * `$all` position key (string) of the last event it reflects. Within one collection all
 * versions have the same type, so `<` orders them.
 */
export interface StoredDocument {
  _id: string;
  _version: number | string;
}

export interface IndexSpec {
  name: string;
  /** Fields matched by equality (a query names exactly these fields). */
  equality: readonly string[];
  /** The one field results are ordered by (string or number); ties are ordered by `_id`. */
  orderBy: string;
}

export interface CollectionSpec {
  /** Logical name; the stored collection is `${name}_v${version}` so a rebuild can run beside it. */
  name: string;
  version: number;
  indexes: readonly IndexSpec[];
}

export interface FindQuery {
  /**
   * Equality on exactly the fields of one declared index; an array value means "any of these"
   * (at most one field may be given as an array).
   */
  where: Record<string, Scalar | readonly Scalar[]>;
  /** Must be the `orderBy` of the chosen index. */
  orderBy: string;
  direction: 'asc' | 'desc';
  /** An opaque cursor from a previous page's `nextCursor`. */
  after?: string;
  limit: number;
}

export interface Page<D> {
  items: D[];
  /** Present when more items follow; pass it back as `after`. */
  nextCursor: string | null;
}

export type PutOutcome = 'written' | 'stale';

export interface Collection<D extends StoredDocument> {
  get(id: string): Promise<D | null>;
  /** Replaces (or inserts) the document unless the stored one has `_version >= doc._version`. */
  put(doc: D): Promise<PutOutcome>;
  /** Deletes the document unless the stored one has `_version >= version`. */
  delete(id: string, version: number | string): Promise<void>;
  find(query: FindQuery): Promise<Page<D>>;
  count(): Promise<number>;
  /** Removes every document (used by replay before rebuilding). */
  clear(): Promise<void>;
}

/**
 * A collection held in this process, which can also be used without a promise per call: the
 * projection hot path (a rebuild applies millions of events) uses these.
 */
export interface InProcessCollection<D extends StoredDocument> extends Collection<D> {
  getNow(id: string): D | null;
  putNow(doc: D): PutOutcome;
  deleteNow(id: string, version: number | string): void;
}

export function isInProcess<D extends StoredDocument>(
  collection: Collection<D>,
): collection is InProcessCollection<D> {
  return typeof (collection as Partial<InProcessCollection<D>>).putNow === 'function';
}

/** A cursor is invalid when it cannot be decoded: callers answer 400. */
export class InvalidCursorError extends Error {
  constructor() {
    super('cursor is not valid');
    this.name = 'InvalidCursorError';
  }
}

/** A query whose `where` fields match no declared index: a programming error, never a scan. */
export class NoMatchingIndexError extends Error {
  constructor(collection: string, fields: string[]) {
    super(`${collection} declares no index on [${fields.join(', ')}]`);
    this.name = 'NoMatchingIndexError';
  }
}

export interface Checkpoints {
  /** The stored position text (see formatPosition), or null when the projector never ran. */
  get(name: string): Promise<string | null>;
  put(name: string, position: string): Promise<void>;
  delete(name: string): Promise<void>;
  all(): Promise<Record<string, string>>;
}

/**
 * Time-bounded ownership, so that among several workers exactly one runs a given set of
 * projectors (or a process-manager partition) at a time; the others stand by.
 */
export interface Leases {
  /**
   * Takes, or renews, the lease `name` for `owner` until now + `ttlMs`. False while another
   * owner holds it unexpired.
   */
  acquire(name: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease up, if `owner` holds it. */
  release(name: string, owner: string): Promise<void>;
}

export interface ReadStore {
  collection<D extends StoredDocument>(spec: CollectionSpec): Collection<D>;
  readonly checkpoints: Checkpoints;
  readonly leases: Leases;
  /** True when the store is reachable (readiness). */
  ping(): Promise<boolean>;
  /** Whether documents survive a restart (Mongo) or must be rebuilt at boot (in-process). */
  readonly durable: boolean;
  close(): Promise<void>;
}

export const READ_STORE = Symbol('ReadStore');
