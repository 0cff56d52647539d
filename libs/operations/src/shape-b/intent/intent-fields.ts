import type { FieldProblems } from '../../preparation/field-problems';

export {
  type Fields,
  NOT_ALLOWED,
  REQUIRED,
  MAX_IDENTIFIER_LENGTH,
  readObject,
  isPlainObject,
  refuseUnknown,
  readWalletId,
  readIdentifier,
  readOneOf,
  readPositiveDecimal,
  fail,
} from '../../preparation/field-readers';

/** Field paths are those of the create request body: `intent.to.address`, `intent.data[2].u16`. */
export const INTENT_PATH = 'intent';

export const MAX_SOURCE_URL_LENGTH = 2048;

/** Provenance only, never authorization (rule 7): an absolute http(s) URL, kept verbatim. */
export function readSourceUrl(value: unknown, path: string, problems: FieldProblems): string | undefined {
  if (value === undefined) return undefined;
  const message = `must be an http or https URL of at most ${MAX_SOURCE_URL_LENGTH} characters`;
  if (typeof value !== 'string' || value.length > MAX_SOURCE_URL_LENGTH || !URL.canParse(value)) {
    problems.add(path, message);
    return undefined;
  }
  const { protocol } = new URL(value);
  if (protocol !== 'http:' && protocol !== 'https:') problems.add(path, message);
  return value;
}
