import { createHash } from 'node:crypto';

/**
 * JSON with bigints (tagged as `{"$bigint":"123"}`, so no string is ever mistaken for one) and
 * sorted object keys, so equal payloads always encode to the same text and hash.
 */
export function encodeJson(value: unknown): string {
  return JSON.stringify(canonical(value));
}

/** The same tagging without sorting keys: for what is only stored, never compared. */
export function storeJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? { $bigint: v.toString() } : v));
}

export function decodeJson<T>(text: string): T {
  return JSON.parse(text, (_key, value: unknown) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const tagged = value as { $bigint?: unknown };
      if (typeof tagged.$bigint === 'string' && Object.keys(value).length === 1)
        return BigInt(tagged.$bigint);
    }
    return value;
  }) as T;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function canonical(value: unknown): unknown {
  if (typeof value === 'bigint') return { $bigint: value.toString() };
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = canonical(v);
    }
    return out;
  }
  return value;
}
