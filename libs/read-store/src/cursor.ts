import { InvalidCursorError, type Scalar } from './read-store';

/** The place of the last item of a page: its orderBy value and its `_id`. */
export interface CursorPosition {
  readonly value: Scalar;
  readonly id: string;
}

/** Both adapters share this format, so a cursor stays valid when the deployment switches stores. */
export function encodeCursor(value: Scalar, id: string): string {
  return Buffer.from(JSON.stringify([value, id]), 'utf8').toString('base64url');
}

export function decodeCursor(text: string): CursorPosition {
  const bytes = Buffer.from(text, 'base64url');
  // Node decodes base64 leniently (skipping foreign characters); only the canonical form counts.
  if (bytes.length === 0 || bytes.toString('base64url') !== text) throw new InvalidCursorError();
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new InvalidCursorError();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw new InvalidCursorError();
  const [value, id] = parsed as unknown[];
  if (typeof id !== 'string' || !isScalar(value)) throw new InvalidCursorError();
  return { value, id };
}

function isScalar(value: unknown): value is Scalar {
  return (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}
