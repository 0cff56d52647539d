import { extend } from '@vetted/kernel';
import type {
  ApproveTx,
  ChainClient,
  ChainTx,
  EvmCallTx,
  FeeEstimate,
  Network,
  SolanaTransactionTx,
  SwapTx,
  TransferTx,
} from '@vetted/venues';
import type { CapturedChainTx } from '../domain/actions';
import type { PreparationContext } from './preparation-context';

type Unsubmitted<T> = Omit<T, 'submissionId'>;

/** A chain transaction as preparation builds it: execution adds only the submission id. */
export type UnsubmittedTx =
  | Unsubmitted<TransferTx>
  | Unsubmitted<ApproveTx>
  | Unsubmitted<SwapTx>
  | Unsubmitted<EvmCallTx>
  | Unsubmitted<SolanaTransactionTx>;

/** Fee estimates never submit, but the port's transactions carry an id. */
const ESTIMATE_SUBMISSION_ID = 'fee-estimate';

export function estimateFee(chain: ChainClient, tx: UnsubmittedTx): Promise<FeeEstimate> {
  return chain.estimateFee(extend(tx, { submissionId: ESTIMATE_SUBMISSION_ID }) as ChainTx);
}

/** The captured (JSON) form: raw amounts as canonical integer strings. */
export function captureTx(tx: UnsubmittedTx): CapturedChainTx {
  const captured: Record<string, unknown> = {};
  // for-in, not Object.entries: no array of pairs per leg (a plain object has no inherited keys).
  for (const key in tx) {
    const value = (tx as Record<string, unknown>)[key];
    captured[key] = typeof value === 'bigint' ? value.toString() : value;
  }
  return captured as CapturedChainTx;
}

/** What a leg on `network` must name to be signed: Solana needs a recent blockhash, others nothing. */
export interface LegSigning {
  fields: { recentBlockhash?: string };
  /** When a Solana leg stops being accepted; null elsewhere. */
  expiresAt: string | null;
}

/**
 * Execution submits a leg exactly as captured, so a Solana leg captures the blockhash current at
 * review. Approving after it expires fails before effect (`BLOCKHASH_EXPIRED`); a fresh review is
 * needed, as for any Solana transaction whose blockhash has expired.
 */
export async function legSigning(
  { ports, now }: Pick<PreparationContext, 'ports' | 'now'>,
  network: Network,
): Promise<LegSigning> {
  if (network !== 'solana') return { fields: {}, expiresAt: null };
  const { blockhash, validForMs } = await ports.chain.recentBlockhash();
  return { fields: { recentBlockhash: blockhash }, expiresAt: blockhashDeadline(now, validForMs) };
}

/**
 * When a blockhash valid for `validForMs` expires, on the service's clock: the review's deadline is
 * compared with the resource's times and the moment of approval, which are on that clock, not the
 * chain's (found by a probe: after the sandbox clock moved a minute ahead, a review said "approve
 * before" a minute later than the chain allowed).
 */
export function blockhashDeadline(now: () => Date, validForMs: number): string {
  return new Date(now().getTime() + validForMs).toISOString();
}
