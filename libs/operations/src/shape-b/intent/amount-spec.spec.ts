import fc from 'fast-check';
import { FieldProblems } from '../../preparation/field-problems';
import {
  ALL_AMOUNT_KINDS,
  type AmountKind,
  amountFormsMessage,
  isPercentUpTo100,
  readAmountSpec,
} from './amount-spec';
import { problemsOf } from './testing/field-errors';

const read = (value: unknown, allowed: readonly AmountKind[] = ALL_AMOUNT_KINDS) =>
  readAmountSpec(value, 'intent.amount', new FieldProblems(), allowed);
const problems = (value: unknown, allowed: readonly AmountKind[] = ALL_AMOUNT_KINDS) =>
  problemsOf((p) => readAmountSpec(value, 'intent.amount', p, allowed));

const digit = fc.constantFrom(...'0123456789');
const nonZeroDigit = fc.constantFrom(...'123456789');
const digits = (min: number, max: number) =>
  fc.array(digit, { minLength: min, maxLength: max }).map((d) => d.join(''));
/** A whole part as the grammar writes it: `0`, or digits not starting with 0. */
const whole = fc.oneof(
  fc.constant('0'),
  fc.tuple(nonZeroDigit, digits(0, 15)).map(([a, b]) => a + b),
);
const fraction = fc.option(digits(1, 12), { nil: undefined });
const decimal = fc.tuple(whole, fraction).map(([w, f]) => (f === undefined ? w : `${w}.${f}`));
const isZero = (value: string) => /^0(\.0+)?$/.test(value);
/** Positive decimals, trailing zeroes included. */
const validAmount = decimal.filter((value) => !isZero(value));
const zeroSpelling = fc
  .option(digits(1, 10), { nil: undefined })
  .map((f) => (f === undefined ? '0' : `0.${f.replace(/./g, '0')}`));
/** Ways to break a valid amount: each yields a string the grammar refuses. */
const breaking = fc.constantFrom(
  (v: string) => `-${v}`,
  (v: string) => `+${v}`,
  (v: string) => `${v}e3`,
  (v: string) => `${v}E-2`,
  (v: string) => `0${v}`,
  (v: string) => `${v.replace(/\..*/, '')},000`,
  (v: string) => `${v.replace(/\..*/, '')}_000`,
  (v: string) => ` ${v}`,
  (v: string) => `${v} `,
  (v: string) => `1 ${v}`,
  (v: string) => `${v}.`,
  (v: string) => `.${v.replace('.', '')}`,
);

describe('readAmountSpec', () => {
  it('reads each JSON form into its kind, keeping decimals verbatim', () => {
    expect(read('1.50')).toEqual({ kind: 'exact', decimal: '1.50' });
    expect(read('max')).toEqual({ kind: 'max' });
    expect(read({ percentOfBalance: '25' })).toEqual({ kind: 'percentOfBalance', percent: '25' });
    expect(read({ percentOfBalance: '100.00' })).toEqual({ kind: 'percentOfBalance', percent: '100.00' });
    expect(read({ valueUsd: '10.50' })).toEqual({ kind: 'valueUsd', usd: '10.50' });
  });

  it('accepts every positive decimal the grammar writes, trailing zeroes included', () => {
    fc.assert(
      fc.property(validAmount, (value) => expect(read(value)).toEqual({ kind: 'exact', decimal: value })),
    );
  });

  it('refuses zero in every spelling', () => {
    fc.assert(fc.property(zeroSpelling, (zero) => expect(problems(zero)).toHaveProperty(['intent.amount'])));
    expect(problems({ valueUsd: '0.00' })).toHaveProperty(['intent.amount.valueUsd']);
    expect(problems({ percentOfBalance: '0' })).toHaveProperty(['intent.amount.percentOfBalance']);
  });

  it('refuses signs, exponents, separators, spaces and leading zeroes', () => {
    fc.assert(
      fc.property(validAmount, breaking, (value, breakIt) => {
        const broken = breakIt(value);
        expect(read(broken)).toBeNull();
        expect(problems(broken)).toEqual({ 'intent.amount': amountFormsMessage(ALL_AMOUNT_KINDS) });
      }),
    );
    for (const bad of [
      '-1',
      '+1',
      '1e3',
      '1,000',
      '1_000',
      '1 000',
      '01.5',
      '00',
      'MAX',
      'Max',
      '',
      1.5,
      null,
    ])
      expect(problems(bad)).toHaveProperty(['intent.amount']);
  });

  it('names the allowed forms in its message', () => {
    expect(problems('x')).toEqual({
      'intent.amount':
        'must be a positive decimal such as "1.5", "max", { "percentOfBalance": "25" } or { "valueUsd": "10.50" }' +
        ' (no sign, exponent, separators or leading zeroes)',
    });
    expect(problems('max', ['exact'])).toEqual({
      'intent.amount':
        'must be a positive decimal such as "1.5" (no sign, exponent, separators or leading zeroes)',
    });
    expect(problems({ valueUsd: '5' }, ['exact', 'max'])).toHaveProperty(['intent.amount']);
  });

  it('takes an object form with exactly its one key', () => {
    expect(problems({ percentOfBalance: '25', valueUsd: '1' })).toHaveProperty(['intent.amount']);
    expect(problems({ percent: '25' })).toHaveProperty(['intent.amount']);
    expect(problems({})).toHaveProperty(['intent.amount']);
    expect(problems([])).toHaveProperty(['intent.amount']);
    expect(problems(undefined)).toEqual({ 'intent.amount': 'is required' });
  });

  it('bounds a percentage of the balance at 100', () => {
    for (const ok of ['100', '100.0', '99.99', '0.01', '25']) expect(isPercentUpTo100(ok)).toBe(true);
    for (const bad of ['100.01', '101', '1000', '0', '-5', '1e2', '050'])
      expect(problems({ percentOfBalance: bad })).toHaveProperty(['intent.amount.percentOfBalance']);
  });
});
