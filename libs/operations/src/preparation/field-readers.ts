import { POSITIVE_DECIMAL_MESSAGE, isPositiveDecimal } from './decimal-grammar';
import type { FieldProblems } from './field-problems';

/**
 * The small readers both request languages check their JSON with (Shape A's `operation`, Shape B's
 * `intent`): each reports its problem at the path it is given and returns null, so a reader collects
 * every problem of a request before it is refused.
 */
export type Fields = Record<string, unknown>;

export const NOT_ALLOWED = 'is not an allowed property';
export const REQUIRED = 'is required';
export const MAX_IDENTIFIER_LENGTH = 200;

/** Reads a JSON object; null (with a problem) when absent or not an object. Unknown keys are refused. */
export function readObject(
  value: unknown,
  path: string,
  problems: FieldProblems,
  allowed?: readonly string[],
): Fields | null {
  if (value === undefined) return fail(problems, path, REQUIRED);
  if (!isPlainObject(value)) return fail(problems, path, 'must be an object');
  if (allowed) refuseUnknown(value, path, problems, allowed);
  return value;
}

export function isPlainObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function refuseUnknown(
  fields: Fields,
  path: string,
  problems: FieldProblems,
  allowed: readonly string[],
) {
  for (const key of Object.keys(fields))
    if (!allowed.includes(key)) problems.add(`${path}.${key}`, NOT_ALLOWED);
}

/** A wallet id: a positive safe integer. */
export function readWalletId(value: unknown, path: string, problems: FieldProblems): number | null {
  if (value === undefined) return fail(problems, path, REQUIRED);
  if (!Number.isSafeInteger(value) || (value as number) < 1)
    return fail(problems, path, 'must be a wallet id (a positive integer)');
  return value as number;
}

/** A non-empty string of bounded length, kept verbatim (a venue coin id, for instance). */
export function readIdentifier(value: unknown, path: string, problems: FieldProblems): string | null {
  if (value === undefined) return fail(problems, path, REQUIRED);
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_IDENTIFIER_LENGTH)
    return fail(problems, path, `must be a non-empty string of at most ${MAX_IDENTIFIER_LENGTH} characters`);
  return value;
}

export function readOneOf<T extends string>(
  value: unknown,
  path: string,
  problems: FieldProblems,
  options: readonly T[],
): T | null {
  if (value === undefined) return fail(problems, path, REQUIRED);
  if (!options.includes(value as T)) return fail(problems, path, `must be one of ${options.join(', ')}`);
  return value as T;
}

/** A positive human decimal, kept verbatim (trailing zeroes included). */
export function readPositiveDecimal(value: unknown, path: string, problems: FieldProblems): string | null {
  if (value === undefined) return fail(problems, path, REQUIRED);
  if (!isPositiveDecimal(value)) return fail(problems, path, POSITIVE_DECIMAL_MESSAGE);
  return value;
}

/** Adds a problem and returns null, so a reader can `return fail(...)`. */
export function fail(problems: FieldProblems, path: string, message: string): null {
  problems.add(path, message);
  return null;
}
