import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { EVERY_ANSWER } from './answer-headers';
import { errorBody } from './error-body';
import { requestIdIn } from './request-id';

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
const URI_TOO_LONG = {
  status: 414,
  code: 'URI_TOO_LONG',
  message: `the request line is longer than ${maxHeaderSize} bytes`,
};
/** The start of a request line: its method and a space. */
const REQUEST_LINE = /^[A-Z]+ /;

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
    // The bytes the parser was refusing (the chunk it was reading), as far as they tell.
    const packet = (error as { rawPacket?: unknown }).rawPacket;
    const head = Buffer.isBuffer(packet) ? packet.toString('latin1') : '';
    const { status, code, message } = requestLineTooLong(error, head)
      ? URI_TOO_LONG
      : (PARSER_ERRORS[error.code ?? ''] ?? MALFORMED);
    const requestId = requestIdIn(head);
    const body = JSON.stringify(errorBody(requestId, code, message));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        Object.entries(EVERY_ANSWER)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('') +
        `X-Request-Id: ${requestId}\r\n\r\n${body}`,
    );
    answered = { requestId, status, errorCode: code };
  }
  socket.destroy(error);
  return answered;
}

/**
 * Node counts the request line into its header limit: a long query answered 431 "headers too
 * large" (noted by a probe). When the chunk being read starts the request and its line runs past
 * the limit, the URI is what is too long (RFC 9110 section 15.5.15). A line split over several
 * chunks stays 431: the last chunk alone cannot tell a long line from a long header.
 */
function requestLineTooLong(error: { code?: string }, head: string): boolean {
  if (error.code !== 'HPE_HEADER_OVERFLOW' || !REQUEST_LINE.test(head)) return false;
  const end = head.indexOf('\n');
  return end === -1 || end > maxHeaderSize;
}
