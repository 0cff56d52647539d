/** A field that failed validation, named by its path in the request (`operation.swapIntent.amount`). */
export interface FieldError {
  path: string;
  message: string;
}

/**
 * Every error the API reports to a caller. The HTTP layer renders it as
 * `{ error: { code, message, fields? }, requestId }` with `status`.
 */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: FieldError[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationFailed extends ServiceError {
  constructor(fields: FieldError[]) {
    super(400, 'VALIDATION_FAILED', fields.map((f) => `${f.path}: ${f.message}`).join('; '), fields);
  }

  static field(path: string, message: string): ValidationFailed {
    return new ValidationFailed([{ path, message }]);
  }
}

export class Unauthenticated extends ServiceError {
  constructor(
    message = 'a valid bearer token is required',
    /** The scheme the 401's `WWW-Authenticate` names: `Bearer`, or the sandbox admin header's. */
    readonly scheme: 'Bearer' | 'SandboxAdmin' = 'Bearer',
  ) {
    super(401, 'UNAUTHENTICATED', message);
  }
}

export class PermitRequired extends ServiceError {
  constructor(
    readonly permit: string,
    message = `this action needs the ${permit} permit`,
  ) {
    super(403, 'PERMIT_REQUIRED', message);
  }
}

export class NotFound extends ServiceError {
  constructor(what: string) {
    super(404, 'NOT_FOUND', `${what} was not found`);
  }
}

export class Conflict extends ServiceError {
  constructor(code: string, message: string) {
    super(409, code, message);
  }
}

/** Optimistic concurrency retries ran out: the caller may simply try again. */
export class ConcurrentModification extends Conflict {
  constructor(streamId: string) {
    super('CONCURRENT_MODIFICATION', `${streamId} kept changing while this request was decided; try again`);
  }
}
