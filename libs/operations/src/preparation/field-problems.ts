import { type FieldError, ValidationFailed } from '@vetted/kernel';

/** The field paths are those of the create request body, so a client can point at its own field. */
export const OPERATION_PATH = 'operation';

export const pathOf = (...parts: string[]): string => [OPERATION_PATH, ...parts].join('.');

/**
 * Collects every field problem a request has before refusing it, so a caller fixes them in one
 * round trip rather than one per request.
 */
export class FieldProblems {
  private readonly found: FieldError[] = [];

  add(path: string, message: string): void {
    this.found.push({ path, message });
  }

  get count(): number {
    return this.found.length;
  }

  throwIfAny(): void {
    if (this.found.length > 0) throw new ValidationFailed([...this.found]);
  }
}
