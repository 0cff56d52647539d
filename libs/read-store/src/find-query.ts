import { NoMatchingIndexError, type FindQuery, type IndexSpec } from './read-store';

/**
 * The declared index serving a query: its equality fields are exactly the fields of `where` and it
 * orders by `query.orderBy`. Both adapters refuse anything else, so a query that works in tests
 * against the in-process store cannot turn into a collection scan on MongoDB.
 */
export function chooseIndex(collection: string, indexes: readonly IndexSpec[], query: FindQuery): IndexSpec {
  if (!Number.isSafeInteger(query.limit) || query.limit < 1) {
    throw new RangeError(`limit must be a positive integer, got ${query.limit}`);
  }
  const fields = Object.keys(query.where);
  for (const index of indexes) {
    if (index.orderBy === query.orderBy && sameFields(index.equality, fields)) return index;
  }
  throw new NoMatchingIndexError(collection, [...fields, `orderBy ${query.orderBy}`]);
}

function sameFields(declared: readonly string[], given: readonly string[]): boolean {
  if (declared.length !== given.length) return false;
  for (const field of given) if (!declared.includes(field)) return false;
  return true;
}

/** The stored collection's name; a new version lets a rebuild run beside the live one. */
export function storedName(spec: { name: string; version: number }): string {
  return `${spec.name}_v${spec.version}`;
}
