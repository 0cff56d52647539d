import { timingSafeEqual } from 'node:crypto';
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { CONFIG, type Config, resolveSandboxAdminToken, ServiceError, Unauthenticated } from '@vetted/kernel';
import type { FastifyRequest } from 'fastify';
import { DocumentedQueryCheck } from '../http/documented-query';
import { headerFields } from '../http/header-fields';

const HEADER = 'x-sandbox-admin';

/** Sandbox admin endpoints need `X-Sandbox-Admin: <SANDBOX_ADMIN_TOKEN>` (generated into DATA_DIR when unset). */
@Injectable()
export class SandboxAdminGuard implements CanActivate {
  private readonly expected: Buffer;
  constructor(
    @Inject(CONFIG) config: Config,
    private readonly queries: DocumentedQueryCheck,
  ) {
    this.expected = Buffer.from(resolveSandboxAdminToken(config));
  }

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const given = request.headers[HEADER];
    if (given === undefined)
      throw new Unauthenticated('sandbox admin endpoints need the X-Sandbox-Admin header', 'SandboxAdmin');
    // Node joins repeated fields with ", ": the joined value matched no token, and the 401 said so.
    if (headerFields(request.raw.rawHeaders, HEADER) > 1)
      throw new ServiceError(400, 'MALFORMED_REQUEST', 'send one X-Sandbox-Admin header, not several');
    const buffer = Buffer.from(typeof given === 'string' ? given : '');
    if (buffer.length !== this.expected.length || !timingSafeEqual(buffer, this.expected))
      throw new Unauthenticated(
        "the X-Sandbox-Admin header is not this server's sandbox admin token (SANDBOX_ADMIN_TOKEN, or DATA_DIR/sandbox-admin-token)",
        'SandboxAdmin',
      );
    // Authenticated: now what the request asks of the route (`@Public({ ownGuard: true })`).
    return this.queries.check(context);
  }
}
