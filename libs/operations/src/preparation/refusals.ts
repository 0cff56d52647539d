import { ServiceError } from '@vetted/kernel';
import type { QuoteFailureReason } from '@vetted/venues';

/** The wallet (or its perp margin account) does not hold what the operation spends, fees included. */
export class InsufficientFunds extends ServiceError {
  constructor(message: string) {
    super(400, 'INSUFFICIENT_FUNDS', message);
  }
}

/** The fresh quote pays less than the caller's `quoteFloor` rate. */
export class QuoteBelowFloor extends ServiceError {
  constructor(message: string) {
    super(400, 'QUOTE_BELOW_FLOOR', message);
  }
}

/** A venue order under the venue's minimum (perps: 10 quote units; predictions: nothing would trade). */
export class BelowMinimumOrder extends ServiceError {
  constructor(message: string) {
    super(400, 'BELOW_MINIMUM_ORDER', message);
  }
}

/** A USD valuation the review needs has no price, or only an expired one. */
export class PriceUnavailableForReview extends ServiceError {
  constructor(message: string) {
    super(400, 'PRICE_UNAVAILABLE', message);
  }
}

/**
 * The swap could not be quoted. A quote source that did not answer is our side's trouble and worth
 * retrying (503 `QUOTE_UNAVAILABLE`); anything else (no route, not enough liquidity) is the request's
 * and will not change on a retry (400 `QUOTE_FAILED`).
 */
export class SwapNotQuoted extends ServiceError {
  constructor(
    readonly reason: QuoteFailureReason,
    detail: string,
  ) {
    super(
      reason === 'unavailable' ? 503 : 400,
      reason === 'unavailable' ? 'QUOTE_UNAVAILABLE' : 'QUOTE_FAILED',
      reason === 'unavailable'
        ? `the swap could not be quoted right now (${detail}); try again`
        : `the swap cannot be quoted: ${detail} (${reason})`,
    );
  }
}
