import { randomUUID } from 'node:crypto';

/** What a caller's `X-Request-Id` may be to be used as the request's id (it lands in logs). */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's `X-Request-Id` when it is a safe one, else a fresh UUID (Fastify's and Node's answers alike). */
export function requestIdOf(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}

const ID_FIELD = /\r\nx-request-id:[ \t]*([^\r\n]*?)[ \t]*(?=\r\n)/gi;

/**
 * The same for a request Node's parser refused, read from the bytes it was refusing (`head`, as
 * latin1): the caller's id when one complete, safe `X-Request-Id` field is there. Two fields would
 * have been joined by Node, and refused.
 */
export function requestIdIn(head: string): string {
  const found = [...head.matchAll(ID_FIELD)];
  return found.length === 1 && SAFE_ID.test(found[0][1]) ? found[0][1] : randomUUID();
}
