import type { FieldProblems } from '../../preparation/field-problems';
import { MAX_AMOUNT } from '../../preparation/decimal-grammar';
import { MAX_LEVERAGE, MIN_LEVERAGE } from '../../preparation/shape-a-validation';
import { PERCENT_MESSAGE, isPercentUpTo100 } from './amount-spec';
import { type IntentArm, at, exactlyOne, refusePresent } from './intent-arm';
import { type Fields, fail, readIdentifier, readOneOf, readPositiveDecimal } from './intent-fields';
import type { PerpOpenIntentB, PerpOpenSizing, PerpReduceIntent, ReduceSize } from './shape-b-intent';
import { readSlippage } from './slippage';

const SIDES = ['long', 'short'] as const;
const OPEN_ONLY = ['side', 'valueUsd', 'marginUsdc', 'exposureMultiple', 'leverage'];
const REDUCE_ONLY = ['expectedSide', 'sizePercent'];

/** `perpOrder`: an open, or (with `reduce: true`) a reduction of a live position (rule 10). */
export const PERP_ORDER_ARM: IntentArm<PerpOpenIntentB | PerpReduceIntent> = {
  fields: ['coin', 'reduce', 'size', 'slippage', ...OPEN_ONLY, ...REDUCE_ONLY],
  read(intent, problems) {
    const coin = readIdentifier(intent.coin, at('coin'), problems);
    const slippage = readSlippage(intent.slippage, at('slippage'), problems);
    if (intent.reduce !== undefined && typeof intent.reduce !== 'boolean')
      return fail(problems, at('reduce'), 'must be true or false');
    const rest = intent.reduce === true ? readReduction(intent, problems) : readOpen(intent, problems);
    if (coin === null || slippage === null || rest === null) return null;
    return { coin, slippage, ...rest };
  },
};

type OpenRest = Omit<PerpOpenIntentB, 'type' | 'walletId' | 'sourceUrl' | 'coin' | 'slippage'>;
type ReduceRest = Omit<PerpReduceIntent, 'type' | 'walletId' | 'sourceUrl' | 'coin' | 'slippage'>;

function readOpen(intent: Fields, problems: FieldProblems): OpenRest | null {
  refusePresent(intent, REDUCE_ONLY, problems, 'is for reductions (reduce: true)');
  const side = readOneOf(intent.side, at('side'), problems, SIDES);
  const sizing = readOpenSizing(intent, problems);
  const leverage = intent.leverage === undefined ? undefined : readLeverage(intent.leverage, problems);
  if (!side || !sizing || leverage === null) return null;
  return { reduce: false, side, sizing, ...(leverage !== undefined && { leverage }) };
}

function readOpenSizing(intent: Fields, problems: FieldProblems): PerpOpenSizing | null {
  const hasMargin = intent.marginUsdc !== undefined;
  const hasMultiple = intent.exposureMultiple !== undefined;
  if (hasMargin && !hasMultiple) return fail(problems, at('exposureMultiple'), 'is required with marginUsdc');
  if (hasMultiple && !hasMargin) return fail(problems, at('marginUsdc'), 'is required with exposureMultiple');
  const what = 'size, valueUsd, or marginUsdc with exposureMultiple';
  if (!exactlyOne(intent, ['size', 'valueUsd', 'marginUsdc'], problems, what)) return null;
  if (intent.size !== undefined) {
    const size = readPositiveDecimal(intent.size, at('size'), problems);
    return size === null ? null : { kind: 'size', size };
  }
  if (intent.valueUsd !== undefined) {
    const usd = readPositiveDecimal(intent.valueUsd, at('valueUsd'), problems);
    return usd === null ? null : { kind: 'valueUsd', usd };
  }
  const marginUsdc = readPositiveDecimal(intent.marginUsdc, at('marginUsdc'), problems);
  const exposureMultiple = readPositiveDecimal(intent.exposureMultiple, at('exposureMultiple'), problems);
  if (marginUsdc === null || exposureMultiple === null) return null;
  return { kind: 'margin', marginUsdc, exposureMultiple };
}

function readLeverage(value: unknown, problems: FieldProblems): number | null {
  if (!Number.isSafeInteger(value) || (value as number) < MIN_LEVERAGE || (value as number) > MAX_LEVERAGE)
    return fail(problems, at('leverage'), `must be an integer from ${MIN_LEVERAGE} to ${MAX_LEVERAGE}`);
  return value as number;
}

function readReduction(intent: Fields, problems: FieldProblems): ReduceRest | null {
  if (intent.side !== undefined) problems.add(at('side'), 'a reduction omits side; pin expectedSide instead');
  refusePresent(
    intent,
    OPEN_ONLY.filter((key) => key !== 'side'),
    problems,
    'is for opens; a reduction gives size: "max" or sizePercent',
  );
  const expectedSide =
    intent.expectedSide === undefined
      ? undefined
      : readOneOf(intent.expectedSide, at('expectedSide'), problems, SIDES);
  const size = readReduceSize(intent, problems);
  if (!size || expectedSide === null || intent.side !== undefined) return null;
  return { reduce: true, size, ...(expectedSide !== undefined && { expectedSide }) };
}

function readReduceSize(intent: Fields, problems: FieldProblems): ReduceSize | null {
  if (!exactlyOne(intent, ['size', 'sizePercent'], problems, 'size: "max" or sizePercent')) return null;
  if (intent.size !== undefined) {
    if (intent.size === MAX_AMOUNT) return { kind: 'max' };
    return fail(
      problems,
      at('size'),
      'must be "max" in a reduction (a part of the position is given by sizePercent)',
    );
  }
  if (isPercentUpTo100(intent.sizePercent)) return { kind: 'sizePercent', percent: intent.sizePercent };
  return fail(problems, at('sizePercent'), PERCENT_MESSAGE);
}
