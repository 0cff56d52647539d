import type { FieldProblems } from '../../preparation/field-problems';
import { MAX_AMOUNT, isPositiveDecimal } from '../../preparation/decimal-grammar';
import { REQUIRED, fail, isPlainObject } from './intent-fields';

/**
 * A Shape B amount (rules 3 and 4), in the JSON forms `"1.50"`, `"max"`, `{ "percentOfBalance": "25" }`
 * and `{ "valueUsd": "10.50" }`. Decimals are kept verbatim; `max`, the percentage and the USD value
 * are resolved by preparation against the live balance and the service's price reader.
 */
export type AmountSpec =
  | { kind: 'exact'; decimal: string }
  | { kind: 'max' }
  | { kind: 'percentOfBalance'; percent: string }
  | { kind: 'valueUsd'; usd: string };

export type AmountKind = AmountSpec['kind'];

export const ALL_AMOUNT_KINDS: readonly AmountKind[] = ['exact', 'max', 'percentOfBalance', 'valueUsd'];

const OBJECT_KINDS = ['percentOfBalance', 'valueUsd'] as const;

const FORM: Record<AmountKind, string> = {
  exact: 'a positive decimal such as "1.5"',
  max: '"max"',
  percentOfBalance: '{ "percentOfBalance": "25" }',
  valueUsd: '{ "valueUsd": "10.50" }',
};

export const PERCENT_MESSAGE =
  'must be a positive decimal percentage of at most 100, such as "25" (no sign, exponent, separators or leading zeroes)';
const USD_MESSAGE =
  'must be a positive decimal USD value such as "10.50" (no sign, exponent, separators or leading zeroes)';

/** The message naming the forms an amount field allows. */
export function amountFormsMessage(allowed: readonly AmountKind[]): string {
  const forms = allowed.map((kind) => FORM[kind]);
  const listed =
    forms.length > 1 ? `${forms.slice(0, -1).join(', ')} or ${forms[forms.length - 1]}` : forms[0];
  return `must be ${listed} (no sign, exponent, separators or leading zeroes)`;
}

/** A positive decimal of at most 100 (`100.00` included), compared on the digits: no floats. */
export function isPercentUpTo100(value: unknown): value is string {
  if (!isPositiveDecimal(value)) return false;
  const [whole, fraction = ''] = value.split('.');
  return whole.length <= 2 || (whole === '100' && /^0*$/.test(fraction));
}

/**
 * Reads an amount field that allows the given kinds; null (with problems at `path`, or at
 * `path.percentOfBalance` / `path.valueUsd` for a bad value inside an object form) when it breaks them.
 */
export function readAmountSpec(
  value: unknown,
  path: string,
  problems: FieldProblems,
  allowed: readonly AmountKind[] = ALL_AMOUNT_KINDS,
): AmountSpec | null {
  if (value === undefined) return fail(problems, path, REQUIRED);
  const forms = amountFormsMessage(allowed);
  if (value === MAX_AMOUNT) return allowed.includes('max') ? { kind: 'max' } : fail(problems, path, forms);
  if (typeof value === 'string') {
    if (allowed.includes('exact') && isPositiveDecimal(value)) return { kind: 'exact', decimal: value };
    return fail(problems, path, forms);
  }
  if (!isPlainObject(value)) return fail(problems, path, forms);
  const keys = Object.keys(value);
  const key = keys[0] as (typeof OBJECT_KINDS)[number];
  if (keys.length !== 1 || !OBJECT_KINDS.includes(key) || !allowed.includes(key))
    return fail(problems, path, forms);
  const inner = value[key];
  if (key === 'percentOfBalance')
    return isPercentUpTo100(inner)
      ? { kind: 'percentOfBalance', percent: inner }
      : fail(problems, `${path}.percentOfBalance`, PERCENT_MESSAGE);
  return isPositiveDecimal(inner)
    ? { kind: 'valueUsd', usd: inner }
    : fail(problems, `${path}.valueUsd`, USD_MESSAGE);
}
