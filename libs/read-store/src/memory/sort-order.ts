import type { Scalar } from '../read-store';

/** MongoDB's order across types, so both adapters sort alike: null (and missing), numbers, strings, booleans. */
export function compareSortValues(a: Scalar, b: Scalar): number {
  if (typeof a === typeof b && a !== null && b !== null) return a < b ? -1 : a > b ? 1 : 0;
  return typeRank(a) - typeRank(b);
}

/**
 * `_id`s compare by UTF-16 code units, MongoDB by UTF-8 bytes: the two orders differ only between
 * astral characters and U+E000..U+FFFF, which ids do not contain.
 */
export function compareEntries(aValue: Scalar, aId: string, bValue: Scalar, bId: string): number {
  if (aValue !== bValue) {
    const order = compareSortValues(aValue, bValue);
    if (order !== 0) return order;
  }
  return aId < bId ? -1 : aId > bId ? 1 : 0;
}

/** A missing field sorts (and matches) as null, as in MongoDB. */
export function sortValueOf(doc: object, field: string): Scalar {
  const value = (doc as Record<string, Scalar | undefined>)[field];
  return value === undefined ? null : value;
}

function typeRank(value: unknown): number {
  switch (typeof value) {
    case 'number':
      return 1;
    case 'string':
      return 2;
    case 'boolean':
      return 3;
    default:
      return value === null || value === undefined ? 0 : 4;
  }
}
