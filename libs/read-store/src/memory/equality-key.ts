/**
 * The bucket key of a document's equality values. Every part carries its type and delimits itself,
 * so `1`, `'1'`, `true` and `null` never share a bucket and `['ab', 'c']` differs from `['a', 'bc']`.
 * A missing field keys as null, as MongoDB's `{ field: null }` matches it.
 */
export function equalityKey(doc: object, fields: readonly string[]): string {
  const values = doc as Record<string, unknown>;
  if (fields.length === 1) return keyPart(values[fields[0]]);
  let key = '';
  for (const field of fields) key += keyPart(values[field]);
  return key;
}

/** The bucket keys a `where` selects (an array value means any of its values), without duplicates. */
export function equalityKeys(where: Record<string, unknown>, fields: readonly string[]): string[] {
  let keys = [''];
  for (const field of fields) {
    const value = where[field];
    const parts = Array.isArray(value) ? value.map(keyPart) : [keyPart(value)];
    const next: string[] = [];
    for (const prefix of keys) for (const part of parts) next.push(prefix + part);
    keys = next;
  }
  return [...new Set(keys)];
}

export function keyPart(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return `s${value.length}:${value}`;
    case 'number':
    case 'bigint':
      return `n${value};`;
    case 'boolean':
      return value ? 't' : 'f';
    case 'undefined':
      return 'z';
    default: {
      if (value === null) return 'z';
      const json = JSON.stringify(value) ?? '';
      return `j${json.length}:${json}`;
    }
  }
}
