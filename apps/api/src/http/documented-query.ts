import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { type FieldError, ValidationFailed } from '@vetted/kernel';
import type { FastifyRequest } from 'fastify';

/** Per route (`GET /v1/operations/:operationId`), the query parameters its OpenAPI operation lists. */
export type DocumentedQueries = ReadonlyMap<string, ReadonlySet<string>>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/**
 * Read from the finished document, so what a route takes is what it documents. Routes the document
 * does not describe (its own pages) are left as they are.
 */
export function documentedQueries(document: OpenAPIObject): DocumentedQueries {
  const routes = new Map<string, Set<string>>();
  for (const [path, item] of Object.entries(document.paths))
    for (const method of METHODS) {
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
 * Refuses query parameters a route does not take (400, each at its name), after the caller was
 * authenticated, as body errors are. A route with no query DTO never looked at its query, so
 * `POST /v1/wallets/refresh?walletId=1` refreshed every wallet (found by a probe); a typo must not
 * change a request silently (api-decisions section 1). Given the routes once the document is done.
 */
@Injectable()
export class DocumentedQueryGuard implements CanActivate {
  private routes: DocumentedQueries = new Map();

  use(routes: DocumentedQueries): void {
    this.routes = routes;
  }

  canActivate(context: ExecutionContext): boolean {
    const unknown = undocumentedQuery(context.switchToHttp().getRequest<FastifyRequest>(), this.routes);
    if (unknown !== null) throw new ValidationFailed(unknown);
    return true;
  }
}

/** The query parameters a request sends that its route does not take, as field errors (HEAD is a GET). */
export function undocumentedQuery(request: FastifyRequest, routes: DocumentedQueries): FieldError[] | null {
  const query = request.query as Record<string, unknown> | undefined;
  let unknown: FieldError[] | null = null;
  for (const key in query) {
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const allowed = routes.get(routeKey(method, request.routeOptions.url ?? ''));
    if (allowed === undefined) return null;
    if (allowed.has(key)) continue;
    (unknown ??= []).push({ path: key, message: 'is not an allowed property' });
  }
  return unknown;
}
