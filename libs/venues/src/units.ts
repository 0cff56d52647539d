/** Raw base units ⇄ exact human decimals, with bigint arithmetic only. */

export class AmountFormatError extends RangeError {
  constructor(message: string) {
    super(message);
    this.name = 'AmountFormatError';
  }
}

const RAW = /^(0|[1-9][0-9]*)$/;
const HUMAN = /^(0|[1-9][0-9]*)(?:\.([0-9]+))?$/;

function checkDecimals(decimals: number): void {
  if (!Number.isSafeInteger(decimals) || decimals < 0 || decimals > 77)
    throw new RangeError(`decimals must be an integer from 0 to 77, got ${decimals}`);
}

/** `formatUnits(1500000n, 6) === '1.5'`: exact, trailing zeros trimmed, negative amounts signed. */
export function formatUnits(raw: bigint, decimals: number): string {
  checkDecimals(decimals);
  const negative = raw < 0n;
  const digits = (negative ? -raw : raw).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = withoutTrailingZeros(digits.slice(digits.length - decimals));
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * `parseUnits('1.5', 6) === 1500000n`. Accepts the API's decimal grammar (no sign, exponent,
 * separator or leading zero; trailing zeros allowed) and refuses a value with more significant
 * decimals than the token has, rather than rounding it.
 */
export function parseUnits(value: string, decimals: number): bigint {
  checkDecimals(decimals);
  const match = typeof value === 'string' ? HUMAN.exec(value) : null;
  if (!match) throw new AmountFormatError(`"${String(value)}" is not a decimal amount`);
  const whole = match[1];
  const fraction = withoutTrailingZeros(match[2] ?? '');
  if (fraction.length > decimals)
    throw new AmountFormatError(`"${value}" has more than ${decimals} decimal places`);
  return BigInt(whole + fraction.padEnd(decimals, '0'));
}

/**
 * `digits` less its trailing zeros, in one pass from the end. `replace(/0+$/, '')` retries the match
 * at every zero of a run that a non-zero digit ends, so "0.000…0001" with 60,000 zeros held the event
 * loop for more than a second (found by a probe).
 */
function withoutTrailingZeros(digits: string): string {
  let end = digits.length;
  while (end > 0 && digits.charCodeAt(end - 1) === 48) end--;
  return digits.slice(0, end);
}

/** A canonical raw amount string (`"1500000"`): digits only, no leading zero. */
export function parseRawAmount(value: string): bigint {
  if (typeof value !== 'string' || !RAW.test(value))
    throw new AmountFormatError(`"${String(value)}" is not a raw integer amount`);
  return BigInt(value);
}
