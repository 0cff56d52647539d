import { ValidateIf } from 'class-validator';

/**
 * An optional body field: left out, it is not checked; sent, `null` included, it is checked like
 * any value (so `null` is refused unless the field's rules take it). `@IsOptional` let `null` through
 * as if the field were absent: `{"walletId": null}` refreshed every wallet, a `null` idempotency key
 * made a keyless deposit-wallet request, a `null` name took the proposed one, while the OpenAPI
 * document declares none of them nullable (found by a probe). Query parameters are never null and
 * keep `@IsOptional`.
 */
export const OptionalField = (): PropertyDecorator => ValidateIf((_object, value) => value !== undefined);
