import { extend } from '@vetted/kernel';
import type {
  ChainTx,
  PerpOrderRequest,
  PredictionBuy,
  PredictionRedeem,
  PredictionSell,
  SpotOrderRequest,
} from '@vetted/venues';

/** A bigint-bearing type with its raw amounts as canonical integer strings (events are plain JSON). */
type Jsonified<T> = {
  [K in keyof T]: T[K] extends bigint ? string : T[K] extends bigint | undefined ? string | undefined : T[K];
};

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A chain transaction as captured at review: everything but the submission id, which execution derives. */
export type CapturedChainTx = Jsonified<DistributiveOmit<ChainTx, 'submissionId'>>;

/**
 * Execution-time checks a swap leg carries besides its pinned `minAmountOutRaw`: the user's quote
 * floor (raw sell/receive rate) is enforced again against a fresh quote before submitting, and the
 * quoted output is what the review showed.
 */
export interface SwapGuard {
  quotedOutRaw: string;
  floor: { sellRaw: string; receiveRaw: string };
}

/**
 * One reviewed step, executed exactly as captured (never re-quoted). Every kind maps to one call
 * of a venue port with the submission id `${operationId}:${leg}`.
 */
export type CapturedAction =
  | { kind: 'chain'; tx: CapturedChainTx; swap?: SwapGuard }
  | {
      kind: 'perpOrder';
      order: Omit<PerpOrderRequest, 'submissionId'>;
      /**
       * A whole-position close: the signed size of the position it was reviewed to close (positive
       * long). Executed only while the live position is no larger and on the same side; absent
       * from an open and from a partial reduce.
       */
      closes?: string;
    }
  /** A perp-venue spot IOC order: USDC for a coin, or back (no bigint fields). */
  | { kind: 'spotOrder'; order: Omit<SpotOrderRequest, 'submissionId'> }
  | { kind: 'predictionBuy'; order: Jsonified<Omit<PredictionBuy, 'submissionId'>> }
  | { kind: 'predictionSell'; order: Jsonified<Omit<PredictionSell, 'submissionId'>> }
  /** Every share the address holds of a resolved market's outcome: nothing to pin, a winner pays 1 pUSD. */
  | { kind: 'predictionRedeem'; order: Omit<PredictionRedeem, 'submissionId'> };

/** The deterministic submission id of a leg: resubmitting after a crash never moves money twice. */
export const submissionIdOf = (operationId: string, leg: number): string => `${operationId}:${leg}`;

const BIGINT_FIELDS = [
  'amountRaw',
  'amountInRaw',
  'minAmountOutRaw',
  'valueRaw',
  'gasLimit',
  'spendRaw',
  'minSharesRaw',
  'sharesRaw',
  'minProceedsRaw',
];

/** The port's form of a captured payload: raw amount strings back to bigints, plus the submission id. */
export function withSubmission<T extends object>(captured: T, submissionId: string): Record<string, unknown> {
  const out: Record<string, unknown> = extend(captured, { submissionId });
  for (const field of BIGINT_FIELDS)
    if (typeof out[field] === 'string') out[field] = BigInt(out[field] as string);
  return out;
}
