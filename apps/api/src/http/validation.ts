import {
  type ArgumentMetadata,
  Injectable,
  type PipeTransform,
  ValidationPipe,
  type ValidationError,
} from '@nestjs/common';
import { type FieldError, ValidationFailed } from '@vetted/kernel';
import { DeferredBodyError } from './deferred-body-error';

/** class-validator's rules on a value's type. */
const TYPE_RULES = new Set(['isString', 'isArray', 'isInt', 'isNumber', 'isBoolean', 'isObject']);

function fieldErrors(errors: ValidationError[], parent = ''): FieldError[] {
  const out: FieldError[] = [];
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    // A field left out breaks every rule it has ("must be shorter than 100 characters | must be a
    // string"); only an optional field may be left out, and no rule fails for one that is.
    if (error.value === undefined && error.constraints) {
      out.push({ path, message: 'is required' });
      continue;
    }
    // A value of the wrong type breaks its other rules too ("must be at most 64 characters | must be
    // a string" for a number): its type is what to say.
    const rules = Object.entries(error.constraints ?? {});
    const typeRule = rules.find(([rule]) => TYPE_RULES.has(rule));
    for (const [rule, message] of typeRule ? [typeRule] : rules)
      out.push({ path, message: describe(rule, message, error.property) });
    if (error.children?.length) out.push(...fieldErrors(error.children, path));
  }
  return out;
}

function describe(rule: string, message: string, property: string): string {
  if (rule === 'whitelistValidation') return 'is not an allowed property';
  return message.startsWith(`${property} `) ? message.slice(property.length + 1) : message;
}

/**
 * class-transformer copies no property named like a member of every object (`constructor`,
 * `toString`, ...), so the whitelist never sees one: such a key (of a body, or a query) is refused
 * here, as every other unknown key is. No DTO declares one.
 */
function refuseObjectMemberNames(body: Record<string, unknown>): void {
  const refused = Object.keys(body).filter((key) => key === 'prototype' || key in Object.prototype);
  if (refused.length > 0)
    throw new ValidationFailed(refused.map((path) => ({ path, message: 'is not an allowed property' })));
}

function isEmptyObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  for (const _ in value) return false;
  return true;
}

/**
 * A body DTO on a hot route may check itself with a plain function instead of class-validator
 * (whose decorators then only document it); it must refuse exactly what its decorators would, with
 * the same field paths, which its spec checks against class-validator itself.
 */
export interface SelfCheckingBody {
  checkBody(body: Record<string, unknown>): unknown;
}

function selfChecking(metatype: unknown): metatype is SelfCheckingBody {
  return typeof (metatype as Partial<SelfCheckingBody> | undefined)?.checkBody === 'function';
}

/**
 * class-validator DTOs with unknown properties rejected (a typo never silently changes a money
 * request), errors reported with field paths. Bodies must be JSON objects.
 */
@Injectable()
export class RequestValidationPipe implements PipeTransform {
  private readonly inner = new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    validationError: { target: false, value: true },
    exceptionFactory: (errors) => new ValidationFailed(fieldErrors(errors)),
  });

  /** An empty query validates the same way every time: remembered per DTO class (a hot path of GETs). */
  private readonly emptyQueries = new Map<unknown, Promise<unknown>>();

  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    // What a custom decorator (the principal, the request's metadata) gives is the service's own
    // value: ValidationPipe returns it unchanged too (no `validateCustomDecorators`), but only
    // after an async call, two per create.
    if (metadata.type === 'custom') return value;
    // A path parameter is read by its own pipe (`WalletIdPipe`, `OperationIdPipe`). Converted here
    // first, by its declared type, `01`, `1.0` or `0x1` became the number 1 before that pipe saw it.
    if (metadata.type === 'param') return value;
    if (metadata.type === 'query' && metadata.metatype && isEmptyObject(value)) {
      let outcome = this.emptyQueries.get(metadata.metatype);
      if (outcome === undefined) {
        outcome = Promise.resolve(this.inner.transform({}, metadata));
        this.emptyQueries.set(metadata.metatype, outcome);
      }
      return outcome;
    }
    // A query parameter named like an object member (`__proto__`, `constructor`) is refused as every
    // other unknown one is; class-transformer never copied it, so the whitelist did not see it.
    if (metadata.type === 'query' && metadata.metatype && typeof value === 'object' && value !== null)
      refuseObjectMemberNames(value as Record<string, unknown>);
    // The body's own error, kept until the guards had their say (DeferredBodyError).
    if (value instanceof DeferredBodyError) throw value.error;
    if (metadata.type === 'body' && metadata.metatype && metadata.metatype !== Object) {
      // No body (an empty one included) reads as `{}`; a JSON `null` is a body, and not an object.
      if (value === undefined || value === '') value = {};
      else if (value === null || typeof value !== 'object' || Array.isArray(value))
        throw ValidationFailed.field('body', 'must be a JSON object');
      if (selfChecking(metadata.metatype))
        return metadata.metatype.checkBody(value as Record<string, unknown>);
      refuseObjectMemberNames(value as Record<string, unknown>);
    }
    return this.inner.transform(value, metadata);
  }
}
