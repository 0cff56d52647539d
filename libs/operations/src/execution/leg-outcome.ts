import type { LegEffect, LegReceipt } from '../domain/events';
import type { LegFill } from './leg-fill';

/**
 * The codes a leg fails with (api-decisions.md section 9, operation failure codes, and ours:
 * `QUOTE_UNAVAILABLE` and `QUOTE_FAILED` when no fresh quote could check a swap's floor).
 */
export type LegFailureCode =
  | 'SUBMISSION_REJECTED'
  | 'SUBMISSION_UNCERTAIN'
  | 'LIFECYCLE_TIMEOUT'
  | 'QUOTE_BELOW_FLOOR'
  | 'QUOTE_UNAVAILABLE'
  | 'QUOTE_FAILED'
  | 'SLIPPAGE_EXCEEDED'
  | 'INSUFFICIENT_FUNDS'
  | 'BLOCKHASH_EXPIRED'
  | 'POSITION_CHANGED'
  | 'SOURCE_WALLET_UNAVAILABLE'
  | 'RECIPIENT_WALLET_UNAVAILABLE';

/** A `LegReceipt` with what the domain type has no field for yet; it stays assignable to `LegReceipt`. */
export interface ExecutedReceipt extends LegReceipt {
  /** Venue orders: what was filled (a partial IOC fill settles with the filled size). */
  fill?: LegFill;
  /** Reverted transactions: why, in the chain's words. */
  error?: string;
}

export type LegFailure = { kind: 'failed'; code: LegFailureCode; error: string; effect: LegEffect };

/**
 * What became of one leg's submission: `settled` (success or reverted, reported with
 * `RecordLegSettled`), `pending` (accepted, not final: reconcile later) or `failed` (reported with
 * `RecordLegFailed`).
 */
export type LegOutcome =
  | { kind: 'settled'; receipt: ExecutedReceipt }
  /** `submittedAt`: when the venue took the submission, when it says. */
  | { kind: 'pending'; submittedAt?: string }
  | LegFailure;
