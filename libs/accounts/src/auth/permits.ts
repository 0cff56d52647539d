/** The four permits of api-decisions.md section 3; a signup token carries all of them. */
export const PERMITS = ['account.write', 'wallet.sign', 'sessionWalletSign', 'write'] as const;
export type Permit = (typeof PERMITS)[number];

export const SUPPORT_READONLY = 'support-readonly';

export function isPermit(value: unknown): value is Permit {
  return typeof value === 'string' && (PERMITS as readonly string[]).includes(value);
}

/** Who is calling, as the bearer token says. */
export interface Principal {
  userId: string;
  username: string;
  permits: readonly Permit[];
  /** `support-readonly` views may read but never write. */
  view: typeof SUPPORT_READONLY | null;
  /** Epoch seconds, from the token's `iat`: an account created after it does not hold it. */
  issuedAt: number;
  expiresAt: number;
}

/** The first requested permit the grant does not include, or null when all are granted. */
export function firstMissingPermit(requested: readonly Permit[], granted: readonly Permit[]): Permit | null {
  return requested.find((p) => !granted.includes(p)) ?? null;
}
