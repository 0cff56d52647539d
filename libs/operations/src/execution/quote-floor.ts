import { QuoteFailed, type SwapQuoter, type SwapTx } from '@vetted/venues';
import { type CapturedAction, type SwapGuard, withSubmission } from '../domain/actions';
import type { LegFailure } from './leg-outcome';

/**
 * The user's floor, checked against a fresh quote of the exact input before the swap is submitted:
 * output / input must be at least receiveRaw / sellRaw (cross-multiplied, integers only). Without a
 * quote the floor cannot be shown to hold, so the swap is not submitted either: `QUOTE_UNAVAILABLE`
 * when the quote source did not answer (a retry may pass), `QUOTE_FAILED` when it found no route.
 * Null: it holds.
 */
export async function quoteFloorFailure(
  tx: SwapTx,
  guard: SwapGuard,
  quoter: SwapQuoter,
): Promise<LegFailure | null> {
  const request = {
    from: { network: tx.network, token: tx.tokenIn },
    to: tx.assetOut,
    amountInRaw: tx.amountInRaw,
  };
  let outRaw: bigint;
  try {
    outRaw = (await quoter.quote(request)).amountOutRaw;
  } catch (error) {
    if (!(error instanceof QuoteFailed)) throw error;
    return notSubmitted(
      error.reason === 'unavailable' ? 'QUOTE_UNAVAILABLE' : 'QUOTE_FAILED',
      `no fresh quote to check the floor against: ${error.message} (${error.reason})`,
    );
  }
  const sell = BigInt(guard.floor.sellRaw);
  const receive = BigInt(guard.floor.receiveRaw);
  if (outRaw * sell >= tx.amountInRaw * receive) return null;
  return notSubmitted(
    'QUOTE_BELOW_FLOOR',
    `a fresh quote gives ${outRaw} for ${tx.amountInRaw}, below the floor of ${receive} per ${sell} ` +
      `(reviewed quote: ${guard.quotedOutRaw})`,
  );
}

/**
 * The first captured swap whose floor a fresh quote no longer meets, or null: checked before the
 * first leg (an approval leg ahead of a swap would otherwise spend gas for nothing), and by refresh
 * to tell a review whose quote can no longer execute.
 */
export async function capturedSwapFloorFailure(
  actions: readonly CapturedAction[],
  quoter: SwapQuoter,
): Promise<LegFailure | null> {
  for (const action of actions)
    if (action.kind === 'chain' && action.tx.kind === 'swap' && action.swap) {
      const tx = withSubmission(action.tx, 'floor-check') as unknown as SwapTx;
      const failure = await quoteFloorFailure(tx, action.swap, quoter);
      if (failure) return failure;
    }
  return null;
}

/**
 * The swap leg refused before its submission. Said of the swap alone: an approval leg ahead of it
 * may have settled already (and spent gas), which the operation's state tells.
 */
function notSubmitted(code: LegFailure['code'], reason: string): LegFailure {
  return {
    kind: 'failed',
    code,
    error: `${reason}; the swap was not submitted`,
    effect: 'none',
  };
}
