import { ValidationFailed } from '@vetted/kernel';
import {
  POSITIVE_DECIMAL_MESSAGE,
  POSITIVE_DECIMAL_OR_MAX_MESSAGE,
  POSITIVE_RAW_MESSAGE,
  isPositiveRawInteger,
  readAmount,
} from './decimal-grammar';
import { FieldProblems, OPERATION_PATH } from './field-problems';
import {
  type Fields,
  readIdentifier,
  readObject,
  readOneOf,
  readWalletId,
  refuseUnknown,
} from './field-readers';
import { type QuoteFloor, SHAPE_A_KINDS, type ShapeAOperation } from './shape-a-request';

/** Perp leverage as the reference bounds it; a coin's own cap is checked against the venue later. */
export const MIN_LEVERAGE = 1;
export const MAX_LEVERAGE = 100;

const EXTRA_FIELD: Record<ShapeAOperation['kind'], string> = {
  swap: 'swapIntent',
  send: 'sendIntent',
  perp: 'perpIntent',
  perpClose: 'closeIntent',
  prediction: 'order',
};

/**
 * Checks the structure and grammar of a Shape A `operation` (JSON as received) and returns it typed.
 * Unknown properties are refused, so a typo never silently changes a money request. Every problem
 * is reported at once, by field path.
 */
export function readShapeAOperation(value: unknown): ShapeAOperation {
  const problems = new FieldProblems();
  const read = new Reader(problems);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw ValidationFailed.field(OPERATION_PATH, 'must be an object');
  const operation = value as Fields;
  const kind = operation.kind as ShapeAOperation['kind'];
  if (!SHAPE_A_KINDS.includes(kind)) {
    problems.add(`${OPERATION_PATH}.kind`, `must be one of ${SHAPE_A_KINDS.join(', ')}`);
    problems.throwIfAny();
  }
  const extra = EXTRA_FIELD[kind];
  read.onlyAllowed(operation, OPERATION_PATH, ['kind', 'walletId', extra]);
  read.walletId(operation.walletId, `${OPERATION_PATH}.walletId`);
  const at = `${OPERATION_PATH}.${extra}`;
  const intent = read.object(operation[extra], at, SHAPE_A_INTENT_FIELDS[kind]);
  if (intent) INTENT_READERS[kind](read, intent, at);
  problems.throwIfAny();
  return value as ShapeAOperation;
}

/** The fields each arm's intent takes; any other is refused. */
export const SHAPE_A_INTENT_FIELDS: Record<ShapeAOperation['kind'], readonly string[]> = {
  swap: ['from', 'to', 'amount', 'quoteFloor', 'toWalletId'],
  send: ['token', 'amount', 'to'],
  perp: ['coin', 'side', 'leverage', 'amountUsdc'],
  perpClose: ['coin'],
  prediction: ['action', 'outcome', 'spendPusd', 'shares'],
};

/** A Shape A swap's quote floor given on its own (a refresh's new floor), at `path`. */
export function readQuoteFloor(value: unknown, path: string): QuoteFloor {
  const problems = new FieldProblems();
  new Reader(problems).quoteFloor(value, path);
  problems.throwIfAny();
  const floor = value as QuoteFloor;
  return { sellRaw: floor.sellRaw, receiveRaw: floor.receiveRaw };
}

const INTENT_READERS: Record<ShapeAOperation['kind'], (read: Reader, intent: Fields, at: string) => void> = {
  swap(read, intent, at) {
    read.asset(intent.from, `${at}.from`);
    read.asset(intent.to, `${at}.to`);
    read.amount(intent.amount, `${at}.amount`, true);
    read.quoteFloor(intent.quoteFloor, `${at}.quoteFloor`);
    if (intent.toWalletId !== undefined) read.walletId(intent.toWalletId, `${at}.toWalletId`);
  },
  send(read, intent, at) {
    read.asset(intent.token, `${at}.token`);
    read.amount(intent.amount, `${at}.amount`, true);
    const to = read.object(intent.to, `${at}.to`, ['walletId', 'address']);
    if (!to) return;
    const given = ['walletId', 'address'].filter((key) => to[key] !== undefined);
    if (given.length !== 1) read.problems.add(`${at}.to`, 'must have exactly one of walletId or address');
    if (to.walletId !== undefined) read.walletId(to.walletId, `${at}.to.walletId`);
    if (to.address !== undefined) read.identifier(to.address, `${at}.to.address`);
  },
  perp(read, intent, at) {
    read.identifier(intent.coin, `${at}.coin`);
    read.oneOf(intent.side, `${at}.side`, ['long', 'short']);
    if (intent.leverage !== undefined) read.leverage(intent.leverage, `${at}.leverage`);
    read.amount(intent.amountUsdc, `${at}.amountUsdc`, true);
  },
  perpClose(read, intent, at) {
    read.identifier(intent.coin, `${at}.coin`);
  },
  prediction(read, intent, at) {
    read.identifier(intent.outcome, `${at}.outcome`);
    const action = read.oneOf(intent.action, `${at}.action`, ['buy', 'sell']);
    if (action === 'buy') {
      read.amount(intent.spendPusd, `${at}.spendPusd`, false);
      if (intent.shares !== undefined)
        read.problems.add(`${at}.shares`, 'is for sells; a buy gives spendPusd');
    }
    if (action === 'sell') {
      read.amount(intent.shares, `${at}.shares`, true);
      if (intent.spendPusd !== undefined)
        read.problems.add(`${at}.spendPusd`, 'is for buys; a sell gives shares');
    }
  },
};

class Reader {
  constructor(readonly problems: FieldProblems) {}

  object(value: unknown, path: string, allowed?: readonly string[]): Fields | null {
    return readObject(value, path, this.problems, allowed);
  }

  onlyAllowed(fields: Fields, path: string, allowed: readonly string[]): void {
    refuseUnknown(fields, path, this.problems, allowed);
  }

  walletId(value: unknown, path: string): void {
    readWalletId(value, path, this.problems);
  }

  identifier(value: unknown, path: string): string | null {
    return readIdentifier(value, path, this.problems);
  }

  oneOf<T extends string>(value: unknown, path: string, options: readonly T[]): T | null {
    return readOneOf(value, path, this.problems, options);
  }

  asset(value: unknown, path: string): void {
    const asset = this.object(value, path, ['network', 'token']);
    if (!asset) return;
    this.identifier(asset.network, `${path}.network`);
    if (!('token' in asset)) this.fail(`${path}.token`, 'is required (null for the native asset)');
    // Shape B names the native asset "native"; here it is null, one spelling for one request.
    else if (asset.token === 'native') this.fail(`${path}.token`, 'must be null for the native asset');
    else if (asset.token !== null) this.identifier(asset.token, `${path}.token`);
  }

  amount(value: unknown, path: string, allowMax: boolean): void {
    if (value === undefined) this.fail(path, 'is required');
    else if (!readAmount(value, allowMax))
      this.fail(path, allowMax ? POSITIVE_DECIMAL_OR_MAX_MESSAGE : POSITIVE_DECIMAL_MESSAGE);
  }

  raw(value: unknown, path: string): void {
    if (value === undefined) this.fail(path, 'is required');
    else if (!isPositiveRawInteger(value)) this.fail(path, POSITIVE_RAW_MESSAGE);
  }

  quoteFloor(value: unknown, path: string): void {
    const floor = this.object(value, path, ['sellRaw', 'receiveRaw']);
    if (!floor) return;
    this.raw(floor.sellRaw, `${path}.sellRaw`);
    this.raw(floor.receiveRaw, `${path}.receiveRaw`);
  }

  leverage(value: unknown, path: string): void {
    if (!Number.isSafeInteger(value) || (value as number) < MIN_LEVERAGE || (value as number) > MAX_LEVERAGE)
      this.fail(path, `must be an integer from ${MIN_LEVERAGE} to ${MAX_LEVERAGE}`);
  }

  private fail(path: string, message: string): null {
    this.problems.add(path, message);
    return null;
  }
}
