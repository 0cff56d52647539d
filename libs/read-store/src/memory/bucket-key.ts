/**
 * The Map key of one equality value in a MemoryIndex. Each equality field of an index is a Map
 * level of its own, so keys are never joined, and an ordinary value is its own key: no string is
 * built or hashed per document and index (joined keys cost about 0.4 µs per index of a document).
 * - strings, numbers and booleans stand as they are (a Map keeps 1, '1' and true apart);
 * - null and a missing field are both null, as MongoDB's `{ field: null }` matches both;
 * - a bigint in the safe range is its number, so equal values meet; beyond it, it is tagged;
 * - anything else (an object, which no `where` can name) is its tagged JSON, so that removing the
 *   document finds it again.
 * Tagged keys are strings that start with U+0002, so a string that starts with U+0002 is tagged
 * too: no two different values share a key.
 */
const TAG = '\u0002';
const TAG_CODE = 2;

export function bucketKey(value: unknown): unknown {
  switch (typeof value) {
    case 'string':
      return value.charCodeAt(0) === TAG_CODE ? `${TAG}s${value}` : value;
    case 'number':
    case 'boolean':
      return value;
    case 'undefined':
      return null;
    case 'bigint': {
      const number = Number(value);
      return Number.isSafeInteger(number) ? number : `${TAG}n${value}`;
    }
    default:
      return value === null ? null : `${TAG}j${JSON.stringify(value) ?? ''}`;
  }
}

/** The keys a `where` value selects (an array means any of its values), without duplicates. */
export function bucketKeys(value: unknown): unknown[] {
  return Array.isArray(value) ? [...new Set(value.map(bucketKey))] : [bucketKey(value)];
}
