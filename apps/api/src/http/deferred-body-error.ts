/**
 * A body that could not be read (not JSON, not UTF-8, nested too deep, another media type), kept
 * as the request's body instead of failing its parsing: the route's guards run first, so a caller
 * without a valid token is answered 401 (a view on a write, 403) whatever it sent, and the body's
 * error is raised by the validation pipe once they have passed (api-decisions section 3 answers a
 * missing token with 401; before, a malformed body was answered 400 first).
 */
export class DeferredBodyError {
  constructor(readonly error: unknown) {}
}
