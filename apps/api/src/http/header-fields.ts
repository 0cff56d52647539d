/**
 * How many fields named `name` (lower case) a request carries. Node keeps the first of several
 * `Authorization` fields and joins other repeated fields with ", "; either way a credential sent
 * twice would be read differently by a proxy that keeps the last one. `rawHeaders` alternates
 * names and values.
 */
export function headerFields(raw: readonly string[], name: string): number {
  let count = 0;
  for (let i = 0; i < raw.length; i += 2)
    if (raw[i].length === name.length && raw[i].toLowerCase() === name) count++;
  return count;
}
