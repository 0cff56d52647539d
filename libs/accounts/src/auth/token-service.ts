import { jwtVerify, SignJWT } from 'jose';
import type { Permit, Principal } from './permits';
import { isPermit, SUPPORT_READONLY } from './permits';

export interface IssuedToken {
  token: string;
  expiresAt: string;
}

export const TOKEN_SERVICE = Symbol('TokenService');

/**
 * HS256 bearer tokens. Verification results are cached by token text until the token expires:
 * the signature check is the costly part of every authenticated request, and a given token
 * string always verifies the same way.
 */
export class TokenService {
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, Principal>();
  private static readonly CACHE_LIMIT = 10_000;

  constructor(
    secret: string,
    private readonly defaultTtlSeconds: number,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(
    subject: { userId: string; username: string },
    permits: readonly Permit[],
    options: {
      view?: typeof SUPPORT_READONLY | null;
      ttlSeconds?: number;
      /** A token minted from another expires no later than it (epoch seconds). */
      notAfter?: number;
    } = {},
  ): Promise<IssuedToken> {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    const expiresAt = Math.min(
      issuedAt + (options.ttlSeconds ?? this.defaultTtlSeconds),
      options.notAfter ?? Infinity,
    );
    const claims: Record<string, unknown> = { username: subject.username, permits: [...permits] };
    if (options.view) claims.view = options.view;
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(subject.userId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.key);
    return { token, expiresAt: new Date(expiresAt * 1000).toISOString() };
  }

  /**
   * The principal of a token verified before and not expired since, without waiting; undefined
   * otherwise (then `verify` decides).
   */
  known(token: string): Principal | undefined {
    const cached = this.verified.get(token);
    return cached !== undefined && cached.expiresAt > this.now().getTime() / 1000 ? cached : undefined;
  }

  /** The principal of a valid token, or null for a missing, malformed, forged or expired one. */
  async verify(token: string): Promise<Principal | null> {
    const nowSeconds = this.now().getTime() / 1000;
    const cached = this.verified.get(token);
    if (cached !== undefined) {
      if (cached.expiresAt > nowSeconds) return cached;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: this.now(),
        requiredClaims: ['sub', 'iat', 'exp'],
      });
      const permits = Array.isArray(payload.permits) ? payload.permits.filter(isPermit) : [];
      if (typeof payload.username !== 'string' || typeof payload.sub !== 'string') return null;
      const principal: Principal = {
        userId: payload.sub,
        username: payload.username,
        permits,
        view: payload.view === SUPPORT_READONLY ? SUPPORT_READONLY : null,
        issuedAt: payload.iat as number,
        expiresAt: payload.exp as number,
      };
      if (this.verified.size >= TokenService.CACHE_LIMIT) this.verified.clear();
      this.verified.set(token, principal);
      return principal;
    } catch {
      return null;
    }
  }
}
