import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import { ServiceError, Unauthenticated } from '@vetted/kernel';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './error-body';
import { mapError } from './error-mapping';

const errorCodes = new WeakMap<FastifyRequest, string>();

/** The error code a request was answered with, if it failed (for the command outcome metric). */
export const errorCodeOf = (request: FastifyRequest): string | undefined => errorCodes.get(request);

/**
 * Renders every error as the error body. A 5xx is logged with the request id: an answer the service
 * means to give (a venue that did not answer, 503 `QUOTE_UNAVAILABLE`; 502 `DEPOSIT_WALLET_FAILED`)
 * as a warning with its code, anything unexpected (500) as an error with its stack, never leaked.
 */
export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const mapped = mapError(error);
  errorCodes.set(request, mapped.code);
  if (mapped.status >= 500) {
    if (error instanceof ServiceError)
      request.log.warn({ requestId: request.id, code: mapped.code }, `request failed: ${mapped.message}`);
    else request.log.error({ requestId: request.id, err: error }, 'request failed');
  }
  if (mapped.status === 401) void reply.header('www-authenticate', challengeOf(error, request));
  // When trying again makes sense (RFC 9110 section 10.2.3): a quote source that did not answer, or
  // another instance while this one shuts down.
  if (mapped.status === 503) void reply.header('retry-after', '1');
  void reply
    .status(mapped.status)
    .header('content-type', 'application/json; charset=utf-8')
    .send(errorBody(request.id, mapped.code, mapped.message, mapped.fields));
}

/**
 * RFC 9110 section 15.5.2: a 401 names the scheme to authenticate with; RFC 6750 adds why a bearer
 * token that was sent failed. The sandbox admin routes take their own header, not a bearer token.
 */
function challengeOf(error: unknown, request: FastifyRequest): string {
  if (error instanceof Unauthenticated && error.scheme === 'SandboxAdmin')
    return 'SandboxAdmin realm="vetted", header="X-Sandbox-Admin"';
  return request.headers.authorization === undefined
    ? 'Bearer realm="vetted"'
    : 'Bearer realm="vetted", error="invalid_token"';
}

@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Http');
  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    if (!request?.id) {
      this.logger.error(error);
      return;
    }
    sendError(error, request, http.getResponse<FastifyReply>());
  }
}
