import { hash } from 'node:crypto';

/**
 * JSON with object keys sorted at every level: equal values always give the same text. Written
 * out directly (no replacer, no intermediate objects): request hashing is on the create path.
 * Like JSON.stringify, it honours `toJSON` and leaves out undefined, functions and symbols in objects.
 */
export function canonicalJson(value: unknown): string {
  return write(value) ?? 'null';
}

/** What JSON.stringify escapes: quote, backslash, control characters, surrogates (when lone). */
const NOTHING_TO_ESCAPE = /^[^"\\\u0000-\u001f\ud800-\udfff]*$/;

/** `JSON.stringify(text)`, which is slow for the short strings of a request: most need no escape. */
function quoted(text: string): string {
  return NOTHING_TO_ESCAPE.test(text) ? '"' + text + '"' : JSON.stringify(text);
}

function write(value: unknown): string | undefined {
  if (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  )
    value = (value as { toJSON(): unknown }).toJSON();
  if (typeof value === 'string') return quoted(value);
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  // Appended to one string: `map`/`join` and template literals cost twice as much on this path.
  if (Array.isArray(value)) {
    let text = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) text += ',';
      text += write(value[i]) ?? 'null';
    }
    return text + ']';
  }
  const keys = Object.keys(value);
  // Requests often come with their keys in order already: then there is nothing to sort.
  for (let i = 1; i < keys.length; i++)
    if (keys[i - 1] > keys[i]) {
      keys.sort();
      break;
    }
  let text = '{';
  for (const key of keys) {
    const item = write((value as Record<string, unknown>)[key]);
    if (item === undefined) continue;
    if (text.length > 1) text += ',';
    text += quoted(key) + ':' + item;
  }
  return text + '}';
}

/** SHA-256 of the canonical JSON: how idempotent requests are compared. */
export function requestHash(value: unknown): string {
  return hash('sha256', canonicalJson(value));
}
