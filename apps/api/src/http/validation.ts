import {
  type ArgumentMetadata,
  Injectable,
  type PipeTransform,
  ValidationPipe,
  type ValidationError,
} from '@nestjs/common';
import { type FieldError, ValidationFailed } from '@vetted/kernel';

function fieldErrors(errors: ValidationError[], parent = ''): FieldError[] {
  const out: FieldError[] = [];
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    for (const [rule, message] of Object.entries(error.constraints ?? {}))
      out.push({ path, message: describe(rule, message, error.property) });
    if (error.children?.length) out.push(...fieldErrors(error.children, path));
  }
  return out;
}

function describe(rule: string, message: string, property: string): string {
  if (rule === 'whitelistValidation') return 'is not an allowed property';
  return message.startsWith(`${property} `) ? message.slice(property.length + 1) : message;
}

function isEmptyObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  for (const _ in value) return false;
  return true;
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
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new ValidationFailed(fieldErrors(errors)),
  });

  /** An empty query validates the same way every time: remembered per DTO class (a hot path of GETs). */
  private readonly emptyQueries = new Map<unknown, Promise<unknown>>();

  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'query' && metadata.metatype && isEmptyObject(value)) {
      let outcome = this.emptyQueries.get(metadata.metatype);
      if (outcome === undefined) {
        outcome = Promise.resolve(this.inner.transform({}, metadata));
        this.emptyQueries.set(metadata.metatype, outcome);
      }
      return outcome;
    }
    if (metadata.type === 'body' && metadata.metatype && metadata.metatype !== Object) {
      const empty = value === undefined || value === null || value === '';
      if (empty) value = {};
      else if (typeof value !== 'object' || Array.isArray(value))
        throw ValidationFailed.field('body', 'must be a JSON object');
    }
    return this.inner.transform(value, metadata);
  }
}
