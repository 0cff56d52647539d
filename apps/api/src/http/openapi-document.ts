import { type OpenAPIObject, getSchemaPath } from '@nestjs/swagger';
import { OPTIONAL_BEARER } from './auth';
import { DOCUMENTED_METHODS } from './documented-query';
import { ErrorBody } from './error-body';
import { MIN_POSITION_PARAMETER } from './read-your-writes';

/**
 * What any request can be answered before its route runs: a path that is not percent-encoding or a
 * body that does not match its length, a request line or headers too large, or the service closing.
 */
const ANY_REQUEST: Record<string, string> = {
  400:
    "MALFORMED_REQUEST: the path is not valid percent-encoding, or the body's length differs from Content-Length; " +
    'or VALIDATION_FAILED: a query parameter the route does not take',
  414: 'URI_TOO_LONG: the request line exceeds 16 KiB',
  431: 'HEADERS_TOO_LARGE: the request headers exceed 16 KiB',
  503: 'SHUTTING_DOWN: the service is closing; retry the request',
};
/** What a request with a path parameter can be answered before its route: the parameter is too long. */
const WITH_PATH_PARAMETER: Record<string, string> = {
  414: 'URI_TOO_LONG: a path parameter exceeds 1,000 characters, or the request line 16 KiB',
};
/** What a request with a JSON body can be answered before its route. */
const WITH_BODY: Record<string, string> = { 400: 'MALFORMED_JSON: the body is not valid JSON' };
/** What a command (a POST that records events) can be answered when its stream kept moving under it. */
const COMMAND: Record<string, string> = {
  409: 'CONCURRENT_MODIFICATION: concurrent requests kept changing the same record; safe to retry',
};

/**
 * Where the service's own routes live. `/metrics` answers its own way, but what any request can be
 * answered before its route (`ANY_REQUEST`) it answers with the error body too.
 */
const SERVICE_PATH = /^\/(v1|health)\//;
/** Commands that record no event, and so answer no `X-Event-Position`: minting a token, the faucet. */
const RECORDS_NOTHING = new Set(['/v1/auth/tokens', '/v1/sandbox/faucet']);

interface Operation {
  security?: Record<string, string[]>[];
  [OPTIONAL_BEARER]?: boolean;
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  responses: Record<string, { description: string; content?: Record<string, { schema?: unknown }> }>;
}
type SchemaNode = Record<string, unknown> & { properties?: object; additionalProperties?: unknown };

/**
 * Completes the generated document where decorators would have to be repeated on every route:
 * - each GET under `/v1` takes `minPosition` (read-your-writes answers it on every GET);
 * - each operation lists what any request can be answered (400 MALFORMED_REQUEST, 414, 431, 503
 *   while shutting down), a longer 414 when it has a path parameter, MALFORMED_JSON when it takes
 *   a body, and 409 CONCURRENT_MODIFICATION when it records events, each added to the route's own
 *   description of that status;
 * - a route whose bearer token is optional (`@OptionalBearer`) lists no security as an alternative;
 * - every schema only requests use is closed (`additionalProperties: false`), as the validation
 *   refuses unknown properties (api-decisions section 1).
 */
export function completeDocument(document: OpenAPIObject): OpenAPIObject {
  const schemas = (document.components?.schemas ?? {}) as Record<string, SchemaNode>;
  const inRequests = new Set<string>();
  const inResponses = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of DOCUMENTED_METHODS) {
      const operation = item[method] as Operation | undefined;
      if (!operation) continue;
      if (operation[OPTIONAL_BEARER]) {
        // A bearer token, or none at all (the public feed).
        operation.security = [...(operation.security ?? []), {}];
        delete operation[OPTIONAL_BEARER];
      }
      const unauthenticated = operation.responses['401'] as { headers?: unknown } | undefined;
      if (unauthenticated) unauthenticated.headers = { 'WWW-Authenticate': challengeHeader(operation) };
      collectRefs(operation.requestBody, schemas, inRequests);
      collectRefs(operation.responses, schemas, inResponses);
      if (!SERVICE_PATH.test(path)) {
        for (const [status, text] of Object.entries(ANY_REQUEST)) addAnswer(operation, status, text);
        documentHeaders(path, method, operation);
        continue;
      }
      // A route's own text of a status goes first; an answer whose code a text names is not repeated.
      const added = [
        path.includes('{') ? WITH_PATH_PARAMETER : {},
        ANY_REQUEST,
        operation.requestBody ? WITH_BODY : {},
        method === 'post' && !path.startsWith('/v1/sandbox/') ? COMMAND : {},
      ];
      for (const answers of added)
        for (const [status, text] of Object.entries(answers)) addAnswer(operation, status, text);
      const parameters = (operation.parameters ??= []);
      if (
        method === 'get' &&
        path.startsWith('/v1/') &&
        !parameters.some((p) => p.name === MIN_POSITION_PARAMETER.name)
      )
        parameters.push(MIN_POSITION_PARAMETER);
      documentHeaders(path, method, operation);
    }
  }
  for (const name of inRequests) {
    const schema = schemas[name];
    if (!inResponses.has(name) && schema.properties && schema.additionalProperties === undefined)
      schema.additionalProperties = false;
  }
  return document;
}

const STRING = { type: 'string' } as const;
const REQUEST_ID = {
  description:
    "The request's id (the caller's `X-Request-Id` when it sent a valid one); also `requestId` in error bodies",
  schema: STRING,
};
const WRITE_POSITION = {
  description:
    "Where the command's last event stands: pass it as `minPosition` to a later GET to read this write",
  schema: { type: 'string', pattern: '^[0-9]+$' },
};
const READ_POSITION = {
  description:
    'With `minPosition`: how far the read models had come when this answer was read (an error answered ' +
    'after that wait, 400 or 404, carries it too)',
  schema: { type: 'string', pattern: '^[0-9]+$' },
};
const RETRY_AFTER = {
  description: 'Seconds to wait before trying again (on an error body; not on a readiness body)',
  schema: { type: 'integer', minimum: 0 },
};
const REPLAYED = {
  description:
    '`true` when the answer replays what an earlier request with the same idempotency key recorded',
  schema: { type: 'string', enum: ['true'] },
};

/**
 * The headers answers carry, for clients generated from the document (they were only named in
 * descriptions; noted by a probe): every answer `X-Request-Id`, a 503 `Retry-After`; a command's
 * success `X-Event-Position` of its write, a GET's under `/v1` that of its read; a replay
 * `Idempotent-Replayed`.
 */
function documentHeaders(path: string, method: string, operation: Operation): void {
  for (const [status, response] of Object.entries(operation.responses)) {
    const headers: Record<string, unknown> = ((response as { headers?: Record<string, unknown> }).headers ??=
      {});
    headers['X-Request-Id'] = REQUEST_ID;
    if (status === '503') headers['Retry-After'] = RETRY_AFTER;
    if (!path.startsWith('/v1/')) continue;
    // A failed deposit-wallet deployment is recorded: its 502 names that write too.
    if (status === '502' && path === '/v1/predict/deposit-wallets')
      headers['X-Event-Position'] = WRITE_POSITION;
    // A GET waits for `minPosition` once the caller may call: what its route answers then says how far
    // the read models had come, its own errors included.
    if (method === 'get' && (status.startsWith('2') || status === '400' || status === '404'))
      headers['X-Event-Position'] = READ_POSITION;
    if (!status.startsWith('2')) continue;
    if (method !== 'get' && !path.startsWith('/v1/sandbox/') && !RECORDS_NOTHING.has(path))
      headers['X-Event-Position'] = WRITE_POSITION;
    if (response.description.includes('Idempotent-Replayed')) headers['Idempotent-Replayed'] = REPLAYED;
  }
}

/** How a 401 names the scheme to use (RFC 9110): a bearer token, or the sandbox admin header. */
function challengeHeader(operation: Operation): { description: string; schema: { type: 'string' } } {
  const admin = (operation.parameters ?? []).some((p) => p.in === 'header' && p.name === 'X-Sandbox-Admin');
  const description = admin
    ? '`SandboxAdmin realm="vetted", header="X-Sandbox-Admin"`'
    : '`Bearer realm="vetted"`, with `error="invalid_token"` when a token was sent';
  return { description, schema: { type: 'string' } };
}

/** Names `text` among the answers of `status`, adding the status with the error body if it has none. */
function addAnswer(operation: Operation, status: string, text: string): void {
  const response = operation.responses[status];
  const code = text.slice(0, text.indexOf(':'));
  if (response === undefined)
    operation.responses[status] = {
      description: text,
      content: { 'application/json': { schema: { $ref: getSchemaPath(ErrorBody) } } },
    };
  else if (!response.description.includes(code)) response.description = `${response.description}; or ${text}`;
}

/** Every component schema `node` names, directly or through its parts, into `found`. */
function collectRefs(node: unknown, schemas: Record<string, SchemaNode>, found: Set<string>): void {
  if (typeof node !== 'object' || node === null) return;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') {
    const name = ref.replace('#/components/schemas/', '');
    if (found.has(name)) return;
    found.add(name);
    collectRefs(schemas[name], schemas, found);
    return;
  }
  for (const value of Object.values(node)) collectRefs(value, schemas, found);
}
