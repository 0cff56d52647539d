import { getSchemaPath } from '@nestjs/swagger';
import { extend } from '@vetted/kernel';

/**
 * The schema of a property holding an object of `model` or null. OpenAPI 3.0's `nullable` does not
 * reach into a `$ref` (wrapped in `allOf`, the referenced `type: object` still refuses null), so
 * the null is its own alternative: `type` with `nullable` and `enum: [null]`, as 3.0.3 spells
 * "only null". `model` must be registered (`@ApiExtraModels`) where it is not referenced otherwise;
 * `rest` adds the property's other options (description, example).
 */
export function nullableRef<const Rest extends object>(model: new (...args: never[]) => unknown, rest: Rest) {
  return extend(
    { oneOf: [{ $ref: getSchemaPath(model) }, { type: 'object' as const, nullable: true, enum: [null] }] },
    rest,
  );
}
