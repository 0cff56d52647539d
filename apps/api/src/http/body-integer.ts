import { ValidateBy } from 'class-validator';

/** What every wallet id field answers when its value is not one (Shape A's `operation.walletId` too). */
export const WALLET_ID_MESSAGE = 'must be a wallet id (a positive integer)';

/**
 * A JSON integer from `min` to `max`, refused with one message. `@IsInt() @Min() @Max()` gave a
 * message per rule, so `"600"` read "must not be greater than 43200 | must not be less than 60 |
 * must be an integer number".
 */
export function BodyInteger(min: number, max = Number.MAX_SAFE_INTEGER, message?: string): PropertyDecorator {
  const text = message ?? `must be an integer from ${min} to ${max}`;
  return ValidateBy({
    name: 'bodyInteger',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max,
      defaultMessage: () => text,
    },
  });
}

/** A wallet id in a body, worded as every wallet id field is. */
export function WalletIdField(): PropertyDecorator {
  return BodyInteger(1, Number.MAX_SAFE_INTEGER, WALLET_ID_MESSAGE);
}
