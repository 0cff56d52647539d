import { hash } from 'node:crypto';
import { InvalidCursorError, type Scalar } from './read-store';

/** The place of the last item of a page: its orderBy value and its `_id`. */
export interface CursorPosition {
  readonly value: Scalar;
  readonly id: string;
}

/**
 * A cursor names the list it belongs to (`list`: the collection and its order, or the timeline) and
 * the place in it, so a cursor taken from another list is refused instead of silently starting that
 * list over or ending it. It carries a check of both, so one edited by hand is refused too: a place
 * of the wrong type or form ended the list or started it over (found by a probe). Both adapters
 * share this format, so a cursor stays valid when the deployment switches stores.
 */
export function encodeCursor(list: string, value: Scalar, id: string): string {
  const place = JSON.stringify([list, value, id]);
  return Buffer.from(JSON.stringify([list, value, id, checkOf(place)]), 'utf8').toString('base64url');
}

/** Not a secret: it tells a cursor the service wrote from one changed since, not a forgery. */
function checkOf(place: string): string {
  return hash('sha256', place, 'base64url').slice(0, 12);
}

/** The place a cursor of `list` stands at; InvalidCursorError for anything else. */
export function decodeCursor(text: string, list: string): CursorPosition {
  const bytes = Buffer.from(text, 'base64url');
  // Node decodes base64 leniently (skipping foreign characters); only the canonical form counts.
  if (bytes.length === 0 || bytes.toString('base64url') !== text) throw new InvalidCursorError();
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new InvalidCursorError();
  }
  if (!Array.isArray(parsed) || parsed.length !== 4 || parsed[0] !== list) throw new InvalidCursorError();
  const [, value, id, check] = parsed as unknown[];
  if (typeof id !== 'string' || !isScalar(value)) throw new InvalidCursorError();
  if (check !== checkOf(JSON.stringify([list, value, id]))) throw new InvalidCursorError();
  return { value, id };
}

/** The list a collection query pages through: the collection and the field it is ordered by. */
export function listOf(collection: string, orderBy: string): string {
  return `${collection}.${orderBy}`;
}

function isScalar(value: unknown): value is Scalar {
  return (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}
