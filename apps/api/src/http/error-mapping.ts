import { HttpException } from '@nestjs/common';
import { ServiceError } from '@vetted/kernel';
import { InvalidCursorError } from '@vetted/read-store';
import type { FieldError } from '@vetted/kernel';

export interface MappedError {
  status: number;
  code: string;
  message: string;
  fields?: FieldError[];
}

/** A body in another media type than JSON (Fastify's own refusal, or the catch-all parser's). */
export const UNSUPPORTED_MEDIA_TYPE = new ServiceError(
  415,
  'UNSUPPORTED_MEDIA_TYPE',
  'send the body as application/json',
);

const FASTIFY_CODES: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'MALFORMED_JSON',
    message: 'the body is not valid JSON',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'the body is larger than allowed',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: UNSUPPORTED_MEDIA_TYPE.status,
    code: UNSUPPORTED_MEDIA_TYPE.code,
    message: UNSUPPORTED_MEDIA_TYPE.message,
  },
  FST_ERR_BAD_URL: {
    status: 400,
    code: 'MALFORMED_REQUEST',
    message: 'the URL path is not valid percent-encoding',
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    code: 'URI_TOO_LONG',
    message: 'a path parameter is too long',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'MALFORMED_REQUEST',
    message: 'content-length does not match the body',
  },
};

const STATUS_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** Turns anything thrown while serving a request into the status, code and message of the error body. */
export function mapError(error: unknown): MappedError {
  if (error instanceof ServiceError)
    return { status: error.status, code: error.code, message: error.message, fields: error.fields };
  if (error instanceof InvalidCursorError)
    return {
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'cursor: is not valid',
      fields: [{ path: 'cursor', message: 'is not valid' }],
    };
  const fastify = fastifyCode(error);
  if (fastify) return { ...fastify };
  if (error instanceof SyntaxError && (error as { statusCode?: number }).statusCode === 400)
    return { ...FASTIFY_CODES.FST_ERR_CTP_INVALID_JSON_BODY };
  if (error instanceof HttpException) {
    const status = error.getStatus();
    if (status < 500) return { status, code: STATUS_CODES[status] ?? 'BAD_REQUEST', message: error.message };
  }
  const statusCode = (error as { statusCode?: unknown })?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500)
    return {
      status: statusCode,
      code: STATUS_CODES[statusCode] ?? 'BAD_REQUEST',
      message: (error as Error).message,
    };
  return { status: 500, code: 'INTERNAL', message: 'something went wrong on our side; quote the request id' };
}

/**
 * Fastify's own request errors (bad JSON, body too large, ...), thrown as they are or wrapped: the
 * Nest adapter hands a 4xx FastifyError to the filters as an HttpException with it as `cause`.
 */
function fastifyCode(error: unknown): MappedError | undefined {
  const thrown = error instanceof HttpException && error.cause !== undefined ? error.cause : error;
  const code = (thrown as { code?: unknown })?.code;
  return typeof code === 'string' && Object.hasOwn(FASTIFY_CODES, code) ? FASTIFY_CODES[code] : undefined;
}
