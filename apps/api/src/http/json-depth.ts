/** How deep objects and arrays may nest in a request body: far beyond any request, far below a stack. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON `text` nests objects and arrays deeper than `limit`, by one pass over its brackets
 * outside strings (before parsing: a body nested thousands deep exhausted the stack of the parser's
 * prototype check, of class-transformer or of canonical hashing, and answered 500).
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}
