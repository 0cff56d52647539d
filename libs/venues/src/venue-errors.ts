import type { AssetId } from './assets';

/**
 * Errors every port may throw. They say what the outside world did, so a caller can decide what
 * an operation's outcome is:
 * - `SubmissionRejected`: refused at submission; nothing happened and nothing will.
 * - `SubmissionUncertain`: the outcome is unknown; the submission may or may not land. Look it up
 *   by its submission id later; never assume either way.
 * - `SubmissionTimeout`: no answer within the caller's deadline; it may still land.
 * - `SubmissionConflict`: the submission id was already used with a different payload; this call did
 *   nothing, but the earlier submission stands.
 */
export abstract class VenueError extends Error {
  abstract readonly code: string;
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

export type RejectionReason =
  | 'invalid_request'
  | 'unknown_token'
  | 'insufficient_funds'
  | 'insufficient_gas'
  | 'insufficient_allowance'
  | 'intrinsic_gas_too_low'
  | 'blockhash_missing'
  | 'blockhash_expired'
  | 'no_route'
  | 'insufficient_liquidity'
  | 'slippage_exceeded'
  | 'below_minimum'
  | 'insufficient_margin'
  | 'leverage_too_high'
  | 'reduce_only'
  | 'market_resolved'
  | 'market_not_resolved'
  | 'nothing_to_redeem'
  | 'already_processed'
  | 'injected_fault';

export class SubmissionRejected extends VenueError {
  readonly code = 'SUBMISSION_REJECTED';
  constructor(
    readonly reason: RejectionReason,
    message: string,
    readonly submissionId: string | null = null,
  ) {
    super(message);
  }
}

export class SubmissionUncertain extends VenueError {
  readonly code = 'SUBMISSION_UNCERTAIN';
  constructor(
    readonly submissionId: string,
    message = `the outcome of submission ${submissionId} is unknown; look it up before doing anything else`,
  ) {
    super(message);
  }
}

export class SubmissionTimeout extends VenueError {
  readonly code = 'SUBMISSION_TIMEOUT';
  constructor(
    readonly submissionId: string,
    readonly deadlineMs: number | null,
    message = `submission ${submissionId} got no answer ${deadlineMs === null ? 'within its deadline' : `within ${deadlineMs} ms`}; it may still land`,
  ) {
    super(message);
  }
}

export class SubmissionConflict extends VenueError {
  readonly code = 'SUBMISSION_CONFLICT';
  constructor(readonly submissionId: string) {
    super(`submission id ${submissionId} was already used with a different payload`);
  }
}

export type PriceUnavailableReason = 'missing' | 'expired';

/** No usable USD price: none is known (`missing`), or the last one is past its expiry (`expired`). */
export class PriceUnavailable extends VenueError {
  readonly code = 'PRICE_UNAVAILABLE';
  constructor(
    readonly asset: AssetId,
    readonly reason: PriceUnavailableReason,
    readonly expiredAt: string | null = null,
  ) {
    super(
      reason === 'missing'
        ? `no price is known for ${asset.token ?? 'native'} on ${asset.network}`
        : `the price of ${asset.token ?? 'native'} on ${asset.network} expired at ${expiredAt}`,
    );
  }
}

export type QuoteFailureReason =
  'invalid_request' | 'unknown_token' | 'same_asset' | 'no_route' | 'insufficient_liquidity' | 'unavailable';

export class QuoteFailed extends VenueError {
  readonly code = 'QUOTE_FAILED';
  constructor(
    readonly reason: QuoteFailureReason,
    message: string,
  ) {
    super(message);
  }
}

export class DepositWalletFailed extends VenueError {
  readonly code = 'DEPOSIT_WALLET_FAILED';
  constructor(
    readonly controller: string,
    message = `the deposit wallet for ${controller} could not be deployed`,
  ) {
    super(message);
  }
}

/** True when the error proves the call had no effect (so the caller may treat it as never sent). */
export function provesNoEffect(error: unknown): boolean {
  return (
    error instanceof SubmissionRejected || error instanceof QuoteFailed || error instanceof PriceUnavailable
  );
}
