import { isSolanaAddress } from '@vetted/kernel';
import type { FieldProblems } from '../../preparation/field-problems';
import { isRawInteger } from '../../preparation/decimal-grammar';
import { MAX_IDENTIFIER_LENGTH, fail, isPlainObject } from './intent-fields';
import type { SolanaDataPart } from './shape-b-intent';

/** A Solana transaction is at most 1232 bytes, so no single data part can be longer. */
export const MAX_SOLANA_TRANSACTION_BYTES = 1232;

/** Unsigned integer widths in bits (rule 9: 1, 2, 4, 8 or 16 bytes). */
export const INTEGER_BITS = { u8: 8, u16: 16, u32: 32, u64: 64, u128: 128 } as const;
type IntegerKey = keyof typeof INTEGER_BITS;

export const DATA_PART_KEYS = [
  ...(Object.keys(INTEGER_BITS) as IntegerKey[]),
  'address',
  'utf8',
  'hex',
  'anchor',
];

const HEX = /^(0x)?([0-9a-fA-F]{2})*$/;
const ANCHOR_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Why a value is not good for the part's key; null when it is. */
function problemOf(key: string, value: unknown): string | null {
  if (typeof value !== 'string') return 'must be a string';
  if (key in INTEGER_BITS) {
    const bits = INTEGER_BITS[key as IntegerKey];
    const range = `an unsigned integer from 0 to ${(1n << BigInt(bits)) - 1n}`;
    if (!isRawInteger(value)) return `must be ${range}, as decimal digits without leading zeroes`;
    return BigInt(value) >> BigInt(bits) === 0n
      ? null
      : `must be ${range} (it does not fit ${bits / 8} byte(s))`;
  }
  if (key === 'address')
    return isSolanaAddress(value) ? null : 'must be a Solana address (base58 of 32 bytes)';
  if (key === 'utf8')
    return new TextEncoder().encode(value).length <= MAX_SOLANA_TRANSACTION_BYTES
      ? null
      : `must be at most ${MAX_SOLANA_TRANSACTION_BYTES} bytes of UTF-8`;
  if (key === 'hex')
    return HEX.test(value) && value.length <= 2 + 2 * MAX_SOLANA_TRANSACTION_BYTES
      ? null
      : `must be an even number of hex digits, optionally after 0x (at most ${MAX_SOLANA_TRANSACTION_BYTES} bytes)`;
  return ANCHOR_NAME.test(value) && value.length <= MAX_IDENTIFIER_LENGTH
    ? null
    : 'must be an instruction name: a letter or underscore, then letters, digits or underscores';
}

/**
 * Reads one instruction data part: an object with exactly one of `u8`..`u128`, `address`, `utf8`,
 * `hex`, `anchor`. Returned in its JSON form, verbatim: encoding is the encoder's job.
 */
export function readDataPart(value: unknown, path: string, problems: FieldProblems): SolanaDataPart | null {
  const shape = `must be an object with exactly one of ${DATA_PART_KEYS.join(', ')}`;
  if (!isPlainObject(value)) return fail(problems, path, shape);
  const keys = Object.keys(value);
  if (keys.length !== 1 || !DATA_PART_KEYS.includes(keys[0])) return fail(problems, path, shape);
  const [key] = keys;
  const problem = problemOf(key, value[key]);
  if (problem) return fail(problems, `${path}.${key}`, problem);
  return { [key]: value[key] } as SolanaDataPart;
}
