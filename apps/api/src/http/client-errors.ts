import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { errorBody } from './error-body';

/** Node's HTTP parser errors, as the error body names them. */
const PARSER_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: 'REQUEST_TIMEOUT',
    message: 'the request did not arrive in time',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'HEADERS_TOO_LARGE',
    message: 'the request headers are too large',
  },
};
const MALFORMED = { status: 400, code: 'MALFORMED_REQUEST', message: 'the HTTP request could not be parsed' };

/** What a parser error was answered with. */
export interface ClientErrorAnswer {
  requestId: string;
  status: number;
  errorCode: string;
}

/**
 * What answers a request Node's HTTP parser refuses (a malformed header line, headers too large, a
 * body framed two ways), before any route or hook runs: the error body and an `X-Request-Id`, like
 * every other error, instead of Fastify's own body. The connection is closed, as Node does. Returns
 * what was answered (null: nobody to answer), for the log and the metrics.
 */
export function answerClientError(
  error: Error & { code?: string },
  socket: Socket,
): ClientErrorAnswer | null {
  // A reset connection is gone already: there is nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return null;
  let answered: ClientErrorAnswer | null = null;
  if (socket.writable) {
    const { status, code, message } = PARSER_ERRORS[error.code ?? ''] ?? MALFORMED;
    const requestId = randomUUID();
    const body = JSON.stringify(errorBody(requestId, code, message));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n' +
        `X-Request-Id: ${requestId}\r\n\r\n${body}`,
    );
    answered = { requestId, status, errorCode: code };
  }
  socket.destroy(error);
  return answered;
}
