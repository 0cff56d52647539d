import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';

/** Plain decimal digits, no sign, no leading zero: what the body grammar accepts for integers too. */
const DIGITS = /^(0|[1-9][0-9]{0,15})$/;

/**
 * An integer query parameter: plain digits between `min` and `max`, converted to a number. A query
 * string arrives as text, and `Number()` would also take "0x10", "1e1", " 5" or "05"; those are
 * refused here with one message, as the body's integers refuse them.
 */
export function QueryInteger(
  min: number,
  max = Number.MAX_SAFE_INTEGER,
  message?: string,
): PropertyDecorator {
  const text = message ?? `must be an integer from ${min} to ${max}`;
  return applyDecorators(
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' && DIGITS.test(value) ? Number(value) : value,
    ),
    ValidateBy({
      name: 'queryInteger',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max,
        defaultMessage: () => text,
      },
    }),
  );
}
