import type { CapturedAction } from '../../domain/actions';
import type { PreparationContext } from '../../preparation/preparation-context';
import type { ShapeBIntent, ShapeBType } from '../intent';

/**
 * What a person reviews before approving a Shape B operation (`request.review` of the resource).
 * Every review names its `type` and says in one `summary` sentence what approval will do, with
 * exact amounts (`ReviewAmount` from `preparation/review.ts`: raw, human decimal, USD or null);
 * the other fields are the type's own (quoted and minimum amounts, pinned limit prices, fees,
 * the encoded Solana data and blockhash expiry, ...).
 */
export interface ShapeBReview {
  type: ShapeBType;
  walletId: number;
  summary: string;
  [field: string]: unknown;
}

/**
 * The successor a prerequisite leads to (reference: continuation `{ action, label, display?,
 * walletId, operation }`): the intent `next` will prepare (freshly quoted then) once this
 * operation succeeded, and a label a person reads ("Swap 1 USDC for ETH on base").
 */
export interface PreparedContinuation {
  action: ShapeBIntent;
  label: string;
  walletId: number;
}

/**
 * What Shape B preparation hands to creation. `type` is the operation's kind, usually the intent's
 * own; an ERC-20 swap short of allowance is prepared as a `tokenApproval` whose continuation names
 * the swap. `actions` are executed exactly as captured on approval (never re-quoted).
 */
export interface PreparedShapeB {
  type: ShapeBType;
  /** The action this operation performs (the intent as prepared, or the prerequisite's intent). */
  action: ShapeBIntent;
  actions: CapturedAction[];
  review: ShapeBReview;
  continuation: PreparedContinuation | null;
}

/**
 * Prepares one intent type. Refusals are thrown: `ValidationFailed` by field path under `intent`
 * (`intent.amount`), and the preparation refusals of `preparation/refusals.ts` (INSUFFICIENT_FUNDS,
 * BELOW_MINIMUM_ORDER, PRICE_UNAVAILABLE, QUOTE_FAILED/QUOTE_UNAVAILABLE, ...). `context.wallet` is
 * the caller's wallet `intent.walletId`, active (the dispatcher checked both).
 */
export type PrepareShapeB<T extends ShapeBIntent> = (
  intent: T,
  context: PreparationContext,
) => Promise<PreparedShapeB>;
