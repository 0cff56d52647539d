import { isUtf8 } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { type Config, type FieldError, ServiceError, ValidationFailed, extend } from '@vetted/kernel';
import { Metrics, type PlatformOptions } from '@vetted/platform';
import {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
  type HookHandlerDoneFunction,
  LogController,
} from 'fastify';
import type pino from 'pino';
import { AppModule } from './app.module';
import { type Answer, recordAnswer } from './http/answer-record';
import { EVERY_ANSWER } from './http/answer-headers';
import { completeDocument } from './http/openapi-document';
import { DeferredBodyError } from './http/deferred-body-error';
import { DocumentedQueryCheck, documentedQueries } from './http/documented-query';
import { AllowedMethods, MethodNotAllowed } from './http/allowed-methods';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './http/json-depth';
import { answerClientError } from './http/client-errors';
import { errorBody } from './http/error-body';
import { headerFields } from './http/header-fields';
import { errorCodeOf, sendError } from './http/error-filter';
import { UNSUPPORTED_MEDIA_TYPE } from './http/error-mapping';
import { admitInOrder, answeredInOrder, closeLine, finishLine } from './http/pipelined-requests';
import { ReadYourWrites } from './http/read-your-writes';
import { requestIdOf } from './http/request-id';
import { createLogger, NestPinoLogger } from './logger';

export interface AppOptions extends PlatformOptions {
  /** Where logs go (tests capture them); stdout by default. */
  logDestination?: pino.DestinationStream;
}

const SHUTTING_DOWN = new ServiceError(
  503,
  'SHUTTING_DOWN',
  'the service is shutting down; retry the request',
);
/** The longest path parameter a route gets to see: longer ones answer 414 `URI_TOO_LONG`. */
const MAX_PATH_PARAMETER = 1000;

const TWO_AUTHORIZATIONS = new ServiceError(
  400,
  'MALFORMED_REQUEST',
  'send one Authorization header, not several',
);
const HOST_REQUIRED = new ServiceError(400, 'MALFORMED_REQUEST', 'an HTTP/1.1 request needs a Host header');
const CONTENT_ENCODED = new ServiceError(
  415,
  'UNSUPPORTED_MEDIA_TYPE',
  'send the body without a content coding (no gzip, br or deflate): plain application/json',
);

/** Builds the HTTP app, initialised (read models rebuilt) but not yet listening. */
export async function createApp(config: Config, options: AppOptions = {}): Promise<NestFastifyApplication> {
  const logger = createLogger(config, options.logDestination);
  // Bound once the metrics exist; Fastify's options, given before, call it for answers it gives itself.
  const record: { answer: (answer: Answer) => void } = { answer: () => {} };
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    // One line per request is written by the onResponse hook below, with the route instead of the URL.
    logController: new LogController({ disableRequestLogging: true }),
    // No child logger per request: the lines we write carry the request id themselves.
    childLoggerFactory: (parent: FastifyBaseLogger) => parent,
    bodyLimit: config.bodyLimitBytes,
    // Requests arriving while the server closes are refused by the onRequest hook below.
    return503OnClosing: false,
    // A path parameter up to this length reaches its route, whose validation names it (400 at
    // `operationId`), instead of Fastify's own 414 past 100 characters.
    routerOptions: { maxParamLength: MAX_PATH_PARAMETER },
    // What Fastify refuses before routing (bad percent-encoding, a longer parameter) answers with
    // the error body and the request id too, not with Fastify's own body.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      void reply.header('x-request-id', request.id);
      sendError(error, request, reply);
      record.answer(answerOf(request, reply));
    },
    // What Node's HTTP parser refuses, before routing and hooks, answers with the error body too.
    // The requests parsed before the refused bytes are answered first, in order; then the refusal,
    // and the connection closes (before, the refusal went out at once and their answers were lost,
    // though a command among them had run).
    clientErrorHandler: (error: Error & { code?: string }, socket: Socket) =>
      finishLine(socket, () => {
        const answered = answerClientError(error, socket);
        if (answered) record.answer(extend(answered, { method: 'UNKNOWN', route: 'unparsed', ms: 0 }));
      }),
    genReqId: requestIdOf,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, options), adapter, {
    logger: new NestPinoLogger(logger),
    abortOnError: false,
    // JSON bodies only: no form-encoded or text bodies reach a route (they answer 415).
    bodyParser: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  // A client may half-close its side once its request is sent (legal HTTP/1.1): the answer is still
  // written, then the connection ends. Node's default ended the socket at once, so a command ran
  // (an approval moved money) and its answer was dropped (found by a probe).
  // (Node's http.Server reads `httpAllowHalfOpen`; @types/node does not declare it.)
  (fastify.server as typeof fastify.server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  // Node answers two refusals itself, with no body and no request id: an HTTP/1.1 request without
  // Host (400), and an `Expect` it does not know (417). Both answer with the error body instead
  // (noted by a probe): Host is checked in the onRequest hook, and the expectation here.
  (fastify.server as typeof fastify.server & { requireHostHeader: boolean }).requireHostHeader = false;
  fastify.server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
    // The answer closes the connection: no request pipelined behind this one starts.
    closeLine(request.socket);
    const requestId = requestIdOf(request);
    const body = JSON.stringify(
      errorBody(requestId, 'EXPECTATION_FAILED', 'only Expect: 100-continue is supported'),
    );
    response.writeHead(
      417,
      extend(EVERY_ANSWER, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        'x-request-id': requestId,
        connection: 'close',
      }),
    );
    response.end(body);
    record.answer({
      requestId,
      method: request.method ?? 'UNKNOWN',
      route: 'unmatched',
      status: 417,
      ms: 0,
      errorCode: 'EXPECTATION_FAILED',
    });
  });
  fastify.removeContentTypeParser('text/plain');
  // A body-less POST (approve, discard, ...) sent with a JSON content type, as clients with shared
  // headers do, has no body rather than a malformed one: an empty JSON body reads as none.
  const json = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  // A body that cannot be read is answered after the route's guards (DeferredBodyError).
  const refuse = (done: (error: null, body: unknown) => void, error: unknown) =>
    done(null, new DeferredBodyError(error));
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, bytes, done) => {
    // No content coding is decoded: a gzip body was read as bytes ("not valid UTF-8"), a `br` label
    // on plain JSON was ignored. RFC 9110 section 15.5.16: 415 for a coding the server does not take.
    const coding = request.headers['content-encoding'];
    if (coding !== undefined && coding.trim().toLowerCase() !== 'identity')
      return refuse(done, CONTENT_ENCODED);
    // JSON is UTF-8 (RFC 8259): other bytes are refused, not read as replacement characters.
    if (!isUtf8(bytes as Buffer))
      return refuse(done, new ServiceError(400, 'MALFORMED_JSON', 'the body is not valid UTF-8'));
    const body = (bytes as Buffer).toString('utf8');
    if (body.length === 0) done(null, undefined);
    else if (nestsDeeperThan(body, MAX_JSON_DEPTH))
      refuse(
        done,
        ValidationFailed.field(
          'body',
          `must not nest objects and arrays deeper than ${MAX_JSON_DEPTH} levels`,
        ),
      );
    else
      json(request, body, (error, parsed) => {
        if (!error) return done(null, parsed);
        // Valid JSON refused by the prototype-poisoning check names the keys, not "not valid JSON".
        const poisoned = poisonedKeys(body);
        refuse(done, poisoned ? new ValidationFailed(poisoned) : error);
      });
  });
  // Any other media type is read (within the body limit) and refused after the guards, as above.
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _bytes, done) =>
    refuse(done, UNSUPPORTED_MEDIA_TYPE),
  );
  const metrics = app.get(Metrics);
  const readYourWrites = app.get(ReadYourWrites);

  // Callback-style hooks: no promise per hook on every request.
  // Once closing, a request arriving on a connection still open (keep-alive, pipelined) is refused
  // with the error body, not Fastify's own 503 (`return503OnClosing: false` above).
  let closing = false;
  fastify.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  let allowed: AllowedMethods | null = null;
  fastify.addHook('onRequest', (request, reply, done) =>
    admitInOrder(request.raw.socket, request.method, () => admit(request, reply, done)),
  );
  const admit = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    void reply.header('x-request-id', request.id).headers(EVERY_ANSWER);
    // Answered here; the rest of the request's hooks and its route do not run.
    if (closing) return sendError(SHUTTING_DOWN, request, reply);
    // Node keeps the first of several Authorization fields; a proxy may keep the last, and the two
    // would disagree on who calls: refused on every route, those that read no token included.
    if (
      request.headers.authorization !== undefined &&
      headerFields(request.raw.rawHeaders, 'authorization') > 1
    )
      return sendError(TWO_AUTHORIZATIONS, request, reply);
    if (request.headers.host === undefined && request.raw.httpVersion === '1.1') {
      void reply.header('connection', 'close');
      return sendError(HOST_REQUIRED, request, reply);
    }
    // No route for this method: one for another method on the same path answers 405 with Allow.
    if (request.is404) {
      const allow = allowed?.of(request.url) ?? null;
      if (allow !== null) {
        void reply.header('allow', allow);
        return sendError(new MethodNotAllowed(request.method, allow), request, reply);
      }
    }
    done();
  };
  fastify.addHook('preHandler', (request, _reply, done) => {
    readYourWrites.holdPosition(request);
    done();
  });
  record.answer = (answer) => recordAnswer(metrics, logger, answer);
  fastify.addHook('onResponse', (request, reply, done) => {
    answeredInOrder(request.raw.socket, keepsAlive(reply));
    record.answer(answerOf(request, reply));
    // Closing: the connection of a request answered after the close began is not left open for
    // its keep-alive timeout (72 s), which held the process up that long after its last answer.
    if (closing) setImmediate(() => fastify.server.closeIdleConnections());
    done();
  });

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Vetted API')
      .setDescription(
        'Reviewed money operations: every operation is created as an inert, quoted record and executes only ' +
          'when approved, exactly once. Errors share one body: `{ error: { code, message, fields? }, requestId }`. ' +
          'Commands answer with `X-Event-Position`; GETs accept `minPosition` to read their own writes.',
      )
      .setVersion('1')
      .addBearerAuth()
      .build(),
  );
  const completed = completeDocument(document);
  app.get(DocumentedQueryCheck).use(documentedQueries(completed));
  allowed = new AllowedMethods(completed);
  SwaggerModule.setup('docs', app, completed, { jsonDocumentUrl: 'docs/json' });

  await app.init();
  return app;
}

/**
 * The keys of a JSON text that the prototype-poisoning check refuses (`__proto__`, and `prototype`
 * under `constructor`), at their field paths; null when the text is not JSON. `JSON.parse` makes
 * such keys plain own properties, so walking its result is safe.
 */
function poisonedKeys(text: string): FieldError[] | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const found: FieldError[] = [];
  const walk = (node: unknown, path: string, parentKey: string | null): void => {
    if (typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) {
      node.forEach((item, index) => walk(item, `${path}[${index}]`, null));
      return;
    }
    for (const key of Object.keys(node)) {
      const at = path ? `${path}.${key}` : key;
      if (key === '__proto__' || (key === 'prototype' && parentKey === 'constructor'))
        found.push({ path: at, message: 'is not an allowed property' });
      else walk((node as Record<string, unknown>)[key], at, key);
    }
  };
  walk(value, '', null);
  return found.length > 0 ? found : [{ path: 'body', message: 'must not have a "__proto__" property' }];
}

function answerOf(request: FastifyRequest, reply: FastifyReply): Answer {
  return {
    requestId: request.id,
    method: request.method,
    route: request.routeOptions.url ?? 'unmatched',
    status: reply.statusCode,
    ms: reply.elapsedTime,
    errorCode: errorCodeOf(request),
  };
}

/** Whether the connection stays open after this answer (not HTTP/1.0 or `Connection: close`, either side). */
function keepsAlive(reply: FastifyReply): boolean {
  const connection = reply.getHeader('connection');
  return reply.raw.shouldKeepAlive && !(typeof connection === 'string' && /\bclose\b/i.test(connection));
}
