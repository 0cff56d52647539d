import { hash } from 'node:crypto';

/**
 * JSON with object keys sorted at every level: equal values always give the same text. Written
 * out directly (no replacer, no intermediate objects): request hashing is on the create path.
 * Like JSON.stringify, it honours `toJSON` and leaves out undefined, functions and symbols in objects.
 */
export function canonicalJson(value: unknown): string {
  return write(value) ?? 'null';
}

function write(value: unknown): string | undefined {
  if (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  )
    value = (value as { toJSON(): unknown }).toJSON();
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => write(item) ?? 'null').join(',')}]`;
  const parts: string[] = [];
  for (const key of Object.keys(value).sort()) {
    const text = write((value as Record<string, unknown>)[key]);
    if (text !== undefined) parts.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${parts.join(',')}}`;
}

/** SHA-256 of the canonical JSON: how idempotent requests are compared. */
export function requestHash(value: unknown): string {
  return hash('sha256', canonicalJson(value));
}
