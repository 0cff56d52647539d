import { timingSafeEqual } from 'node:crypto';
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { CONFIG, type Config, resolveSandboxAdminToken, Unauthenticated } from '@vetted/kernel';
import type { FastifyRequest } from 'fastify';
import { DocumentedQueryCheck } from '../http/documented-query';

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
    const given = context.switchToHttp().getRequest<FastifyRequest>().headers['x-sandbox-admin'];
    const buffer = Buffer.from(typeof given === 'string' ? given : '');
    if (buffer.length !== this.expected.length || !timingSafeEqual(buffer, this.expected))
      throw new Unauthenticated('sandbox admin endpoints need the X-Sandbox-Admin header', 'SandboxAdmin');
    // Authenticated: now what the request asks of the route (`@Public({ ownGuard: true })`).
    return this.queries.check(context);
  }
}
