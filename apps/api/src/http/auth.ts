import {
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Inject,
  Injectable,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiBearerAuth, ApiExtension } from '@nestjs/swagger';
import { applyDecorators } from '@nestjs/common';
import type { Permit, Principal } from '@vetted/accounts';
import { TOKEN_SERVICE, TokenService, accountHoldsToken } from '@vetted/accounts';
import { EVENT_STORE, type EventStore } from '@vetted/event-store';
import { PermitRequired, Unauthenticated } from '@vetted/kernel';
import type { FastifyRequest } from 'fastify';
import { DocumentedQueryCheck } from './documented-query';
import { ReadYourWrites } from './read-your-writes';

const ACCESS = 'vetted:access';
/** The OpenAPI extension marking a route whose bearer token is optional. */
export const OPTIONAL_BEARER = 'x-optional-bearer';

type Access =
  /** `ownGuard`: a guard of the route's own authenticates it (the sandbox admin header) and then checks its query. */
  | { kind: 'public'; ownGuard?: boolean }
  /**
   * Public, but a valid bearer token, when sent, identifies the caller (e.g. `scope=mine`);
   * `required` names the queries that need one (401 with its message without it).
   */
  | { kind: 'optional'; required: TokenRequired | null }
  | { kind: 'bearer'; permit: Permit | null; viewMayWrite: boolean };

/** No bearer token needed; `ownGuard` when the route authenticates by a guard of its own. */
export const Public = (options: { ownGuard?: boolean } = {}) =>
  SetMetadata(ACCESS, { kind: 'public', ownGuard: options.ownGuard ?? false } satisfies Access);
/** The queries of an optional-bearer route that need a token after all, and the 401's message. */
interface TokenRequired {
  when: (query: Record<string, unknown>) => boolean;
  message: string;
}
export const OptionalBearer = (required: TokenRequired | null = null) =>
  applyDecorators(
    SetMetadata(ACCESS, { kind: 'optional', required } satisfies Access),
    ApiBearerAuth(),
    // completeDocument turns it into `security: [{ bearer: [] }, {}]`: a token, or none.
    ApiExtension(OPTIONAL_BEARER, true),
  );
/**
 * A bearer token, and with `permit`, a token carrying that permit. A support-readonly view may use
 * the route only when it is a read (GET) and needs no permit, or, with `viewMayWrite`, when its
 * change keeps the view a view (minting a token, which stays a view).
 */
export const Bearer = (permit: Permit | null = null, options: { viewMayWrite?: boolean } = {}) =>
  applyDecorators(
    SetMetadata(ACCESS, {
      kind: 'bearer',
      permit,
      viewMayWrite: options.viewMayWrite ?? false,
    } satisfies Access),
    ApiBearerAuth(),
  );

export type AuthenticatedRequest = FastifyRequest & { principal?: Principal };

export const CurrentPrincipal = createParamDecorator(
  (_: unknown, context: ExecutionContext): Principal | null => {
    return context.switchToHttp().getRequest<AuthenticatedRequest>().principal ?? null;
  },
);

function bearerToken(request: FastifyRequest): string | null | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  // (Two Authorization fields were refused by the onRequest hook.)
  // The scheme is case-insensitive (RFC 9110, section 11.1): `bearer` is `Bearer`; one or more
  // spaces may follow it (RFC 6750, section 2.1: `"Bearer" 1*SP b64token`).
  const match = /^Bearer +([A-Za-z0-9._~+/-]+=*)$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * Every route declares its access with @Public, @OptionalBearer or @Bearer; a route that
 * declares nothing is refused, so no endpoint is public by accident. A support-readonly view
 * may read anything its user may read, and change nothing: it is refused every endpoint that needs
 * a permit, and every one that is not a GET (creating or approving an operation needs no permit,
 * but moves money), so a new write endpoint is closed to views unless it says otherwise.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(TOKEN_SERVICE) private readonly tokens: TokenService,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly queries: DocumentedQueryCheck,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  /** Route metadata never changes, so each handler's access is looked up once. */
  private readonly accessByHandler = new WeakMap<object, Access | undefined>();
  /**
   * Principals whose account was found to hold their token. The token service keeps one principal
   * per token, and accounts are never deleted, so a token's account is read on its first use only.
   */
  private readonly held = new WeakSet<Principal>();

  /**
   * Who may call is answered first; then what the request asks of its route (its query), here
   * rather than in a guard of its own: each guard Nest runs costs every request a turn. A token
   * verified before, whose account was found to hold it, is answered without waiting for anything.
   */
  canActivate(context: ExecutionContext): true | Promise<true> {
    const handler = context.getHandler();
    let access = this.accessByHandler.get(handler);
    if (access === undefined) {
      access = this.reflector.getAllAndOverride<Access | undefined>(ACCESS, [handler, context.getClass()]);
      this.accessByHandler.set(handler, access);
    }
    if (access === undefined)
      throw new Error(`route ${context.getClass().name}.${context.getHandler().name} declares no access`);
    // A route's own guard runs after this one: it answers who may call first, then the query.
    if (access.kind === 'public') return access.ownGuard === true || this.requestAsks(context);
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = bearerToken(request);
    if (!token) return this.admit(context, access, request, token, null);
    const known = this.tokens.known(token);
    if (known !== undefined && this.held.has(known))
      return this.admit(context, access, request, token, known);
    const granted = access;
    return this.heldPrincipal(token).then((principal) =>
      this.admit(context, granted, request, token, principal),
    );
  }

  /** The rest of the checks, once the token's principal (or its lack) is known. */
  private admit(
    context: ExecutionContext,
    access: Exclude<Access, { kind: 'public' }>,
    request: AuthenticatedRequest,
    token: string | null | undefined,
    principal: Principal | null,
  ): true | Promise<true> {
    if (access.kind === 'optional') {
      if (principal) request.principal = principal;
      // Who may call comes first here too: before the query's names, and before any wait.
      else if (access.required?.when((request.query ?? {}) as Record<string, unknown>))
        throw new Unauthenticated(access.required.message);
      return this.requestAsks(context);
    }
    if (!principal)
      throw new Unauthenticated(
        token === undefined ? undefined : 'the bearer token is not valid or has expired',
      );
    request.principal = principal;
    if (principal.view === 'support-readonly') {
      if (access.permit !== null)
        throw new PermitRequired(
          access.permit,
          `a support-readonly view cannot use this endpoint (needs ${access.permit})`,
        );
      if (!access.viewMayWrite && request.method !== 'GET' && request.method !== 'HEAD')
        throw new PermitRequired(
          'write',
          'a support-readonly view is read-only: it cannot use this endpoint',
        );
    }
    if (access.permit !== null && !principal.permits.includes(access.permit))
      throw new PermitRequired(access.permit);
    return this.requestAsks(context);
  }

  /** Once the caller may call: what its query asks, checked, then its `minPosition` waited for. */
  private requestAsks(context: ExecutionContext): true | Promise<true> {
    this.queries.check(context);
    return this.readYourWrites.honour(context);
  }

  /** The token's principal when it is valid and its account holds it, else null. */
  private async heldPrincipal(token: string): Promise<Principal | null> {
    const principal = await this.tokens.verify(token);
    if (principal === null || this.held.has(principal)) return principal;
    if (!(await accountHoldsToken(this.store, principal))) return null;
    this.held.add(principal);
    return principal;
  }
}
