import { type ExecutionContext, Injectable } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { type FieldError, ValidationFailed } from '@vetted/kernel';
import type { FastifyRequest } from 'fastify';

/** Per route (`GET /v1/operations/:operationId`), the query parameters its OpenAPI operation lists. */
export type DocumentedQueries = ReadonlyMap<string, ReadonlySet<string>>;

/** The methods an OpenAPI path item may describe that the service serves. */
export const DOCUMENTED_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/**
 * Read from the finished document, so what a route takes is what it documents. Routes the document
 * does not describe (its own pages) are left as they are.
 */
export function documentedQueries(document: OpenAPIObject): DocumentedQueries {
  const routes = new Map<string, Set<string>>();
  for (const [path, item] of Object.entries(document.paths))
    for (const method of DOCUMENTED_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const names = new Set<string>();
      for (const parameter of operation.parameters ?? [])
        if ('in' in parameter && parameter.in === 'query') names.add(parameter.name);
      routes.set(routeKey(method.toUpperCase(), path.replace(/\{([^}]+)\}/g, ':$1')), names);
    }
  return routes;
}

function routeKey(method: string, url: string): string {
  return `${method} ${url}`;
}

/**
 * Refuses query parameters a route does not take (400, each at its name); the AuthGuard asks it
 * once the caller was authenticated, as body errors come after that too. A route with no query DTO
 * never looked at its query, so `POST /v1/wallets/refresh?walletId=1` refreshed every wallet (found
 * by a probe); a typo must not change a request silently (api-decisions section 1). Given the
 * routes once the document is done.
 */
@Injectable()
export class DocumentedQueryCheck {
  private routes: DocumentedQueries = new Map();
  /** Per route handler and method (HEAD shares GET's handler): what it takes, found on first use. */
  private readonly byHandler = new WeakMap<object, Map<string, ReadonlySet<string> | null>>();

  use(routes: DocumentedQueries): void {
    this.routes = routes;
  }

  /** True, or ValidationFailed naming each query parameter the request's route does not document. */
  check(context: ExecutionContext): true {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const query = request.query as Record<string, unknown> | undefined;
    let unknown: FieldError[] | null = null;
    let allowed: ReadonlySet<string> | null | undefined;
    for (const key in query) {
      // Only a request with a query looks its route up.
      allowed ??= this.allowed(context.getHandler(), request);
      if (allowed === null) return true;
      if (!allowed.has(key)) (unknown ??= []).push({ path: key, message: 'is not an allowed property' });
    }
    if (unknown !== null) throw new ValidationFailed(unknown);
    return true;
  }

  /** The route's documented query parameters; null for a route the document does not describe. */
  private allowed(handler: object, request: FastifyRequest): ReadonlySet<string> | null {
    let methods = this.byHandler.get(handler);
    if (methods === undefined) this.byHandler.set(handler, (methods = new Map()));
    let names = methods.get(request.method);
    if (names === undefined) {
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      names = this.routes.get(routeKey(method, request.routeOptions.url ?? '')) ?? null;
      methods.set(request.method, names);
    }
    return names;
  }
}
