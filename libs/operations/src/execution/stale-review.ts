import type { ChainClient, SwapQuoter } from '@vetted/venues';
import type { CapturedAction } from '../domain/actions';
import { SwapNotQuoted } from '../preparation/refusals';
import { capturedSwapFloorFailure } from './quote-floor';

/**
 * Whether an unapproved review can no longer execute as captured, so that `refresh` may replace it:
 * a Solana leg whose blockhash has expired (approval would fail before effect with
 * `BLOCKHASH_EXPIRED`), or a swap whose floor a fresh quote no longer meets (or that no route quotes
 * any more). A quote source that does not answer is 503 `QUOTE_UNAVAILABLE`: before, it counted as
 * a review that can no longer execute, and refresh replaced one that could (found by a probe).
 */
export async function reviewCanNoLongerExecute(
  actions: readonly CapturedAction[],
  quoter: SwapQuoter,
  chain: ChainClient,
): Promise<boolean> {
  for (const action of actions) {
    const blockhash = action.kind === 'chain' ? action.tx.recentBlockhash : undefined;
    if (blockhash !== undefined && (await chain.blockhashValidForMs(blockhash)) <= 0) return true;
  }
  const failure = await capturedSwapFloorFailure(actions, quoter);
  // A quote source that did not answer says nothing about the review: 503, nothing recorded.
  if (failure?.code === 'QUOTE_UNAVAILABLE')
    throw new SwapNotQuoted('unavailable', 'so whether the review can still execute is not known');
  return failure !== null;
}
