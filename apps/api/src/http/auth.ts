import {
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Inject,
  Injectable,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiBearerAuth } from '@nestjs/swagger';
import { applyDecorators } from '@nestjs/common';
import type { Permit, Principal } from '@vetted/accounts';
import { TOKEN_SERVICE, TokenService } from '@vetted/accounts';
import { PermitRequired, Unauthenticated } from '@vetted/kernel';
import type { FastifyRequest } from 'fastify';

const ACCESS = 'vetted:access';

type Access =
  | { kind: 'public' }
  /** Public, but a valid bearer token, when sent, identifies the caller (e.g. `scope=mine`). */
  | { kind: 'optional' }
  | { kind: 'bearer'; permit: Permit | null };

/** No credential needed. */
export const Public = () => SetMetadata(ACCESS, { kind: 'public' } satisfies Access);
export const OptionalBearer = () =>
  applyDecorators(SetMetadata(ACCESS, { kind: 'optional' } satisfies Access), ApiBearerAuth());
/** A bearer token, and with `permit`, a token carrying that permit and not a read-only view. */
export const Bearer = (permit: Permit | null = null) =>
  applyDecorators(SetMetadata(ACCESS, { kind: 'bearer', permit } satisfies Access), ApiBearerAuth());

export type AuthenticatedRequest = FastifyRequest & { principal?: Principal };

export const CurrentPrincipal = createParamDecorator(
  (_: unknown, context: ExecutionContext): Principal | null => {
    return context.switchToHttp().getRequest<AuthenticatedRequest>().principal ?? null;
  },
);

function bearerToken(request: FastifyRequest): string | null | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header);
  return match ? match[1] : null;
}

/**
 * Every route declares its access with @Public, @OptionalBearer or @Bearer; a route that
 * declares nothing is refused, so no endpoint is public by accident. A support-readonly view
 * may read anything its user may read, and use no endpoint that needs a permit.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(TOKEN_SERVICE) private readonly tokens: TokenService,
  ) {}

  /** Route metadata never changes, so each handler's access is looked up once. */
  private readonly accessByHandler = new WeakMap<object, Access | undefined>();

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const handler = context.getHandler();
    let access = this.accessByHandler.get(handler);
    if (access === undefined) {
      access = this.reflector.getAllAndOverride<Access | undefined>(ACCESS, [handler, context.getClass()]);
      this.accessByHandler.set(handler, access);
    }
    if (access === undefined)
      throw new Error(`route ${context.getClass().name}.${context.getHandler().name} declares no access`);
    if (access.kind === 'public') return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = bearerToken(request);
    const principal = token ? await this.tokens.verify(token) : null;
    if (access.kind === 'optional') {
      if (principal) request.principal = principal;
      return true;
    }
    if (!principal)
      throw new Unauthenticated(
        token === undefined ? undefined : 'the bearer token is not valid or has expired',
      );
    request.principal = principal;
    if (access.permit !== null) {
      if (principal.view === 'support-readonly')
        throw new PermitRequired(
          access.permit,
          `a support-readonly view cannot use this endpoint (needs ${access.permit})`,
        );
      if (!principal.permits.includes(access.permit)) throw new PermitRequired(access.permit);
    }
    return true;
  }
}
