/**
 * The bucket key of a document's equality values, built to be cheap for the common case (an
 * ordinary string is its own key part, so a one-field index on ids allocates nothing) while no
 * two different value lists ever share a key:
 * - an ordinary string (no character below U+0003) stands as it is;
 * - anything else is tagged with U+0002: `s<len>:<string>`, `n<number>;`, `t`, `f`, `z` (null or
 *   missing, as MongoDB's `{ field: null }` matches both), `j<len>:<json>`;
 * - parts are joined with U+0001, which an ordinary string cannot contain, and tagged parts
 *   delimit themselves, so a key splits back into its parts in exactly one way.
 */
const TAG = '\u0002';
const SEPARATOR = '\u0001';
const RESERVED = /[\u0000-\u0002]/;

export function equalityKey(doc: object, fields: readonly string[]): string {
  const values = doc as Record<string, unknown>;
  if (fields.length === 0) return '';
  if (fields.length === 1) return keyPart(values[fields[0]]);
  let key = keyPart(values[fields[0]]);
  for (let i = 1; i < fields.length; i++) key += SEPARATOR + keyPart(values[fields[i]]);
  return key;
}

/** The bucket keys a `where` selects (an array value means any of its values), without duplicates. */
export function equalityKeys(where: Record<string, unknown>, fields: readonly string[]): string[] {
  let keys: string[] | null = null;
  for (const field of fields) {
    const value = where[field];
    const parts = Array.isArray(value) ? value.map(keyPart) : [keyPart(value)];
    const next: string[] = [];
    if (keys === null) next.push(...parts);
    else for (const prefix of keys) for (const part of parts) next.push(prefix + SEPARATOR + part);
    keys = next;
  }
  return [...new Set(keys ?? [''])];
}

export function keyPart(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return RESERVED.test(value) ? `${TAG}s${value.length}:${value}` : value;
    case 'number':
    case 'bigint':
      return `${TAG}n${value};`;
    case 'boolean':
      return value ? `${TAG}t` : `${TAG}f`;
    case 'undefined':
      return `${TAG}z`;
    default: {
      if (value === null) return `${TAG}z`;
      const json = JSON.stringify(value) ?? '';
      return `${TAG}j${json.length}:${json}`;
    }
  }
}
