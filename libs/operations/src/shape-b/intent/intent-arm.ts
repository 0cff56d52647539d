import type { FieldProblems } from '../../preparation/field-problems';
import { type Fields, INTENT_PATH } from './intent-fields';
import type { ShapeBIntent } from './shape-b-intent';

/** What an arm's reader returns: the intent without the fields every intent shares. */
export type IntentBody<T> = T extends unknown ? Omit<T, 'type' | 'walletId' | 'sourceUrl'> : never;

/**
 * One intent type: the properties it allows besides `type`, `walletId` and `sourceUrl`, and the
 * reader of them. A reader reports every problem it finds and returns null when there was any.
 */
export interface IntentArm<T extends ShapeBIntent> {
  fields: readonly string[];
  read(intent: Fields, problems: FieldProblems): IntentBody<T> | null;
}

/** The path of a top-level intent field: `intent.amount`. */
export const at = (...parts: string[]): string => [INTENT_PATH, ...parts].join('.');

/** True when exactly one of the keys is present; a problem at `intent` otherwise. */
export function exactlyOne(
  intent: Fields,
  keys: readonly string[],
  problems: FieldProblems,
  what: string,
): boolean {
  const given = keys.filter((key) => intent[key] !== undefined);
  if (given.length === 1) return true;
  problems.add(INTENT_PATH, `must give exactly one of ${what}`);
  return false;
}

/** Refuses each present key with the message (a field of another variant of the intent). */
export function refusePresent(
  intent: Fields,
  keys: readonly string[],
  problems: FieldProblems,
  message: string,
) {
  for (const key of keys) if (intent[key] !== undefined) problems.add(at(key), message);
}
