import type { ChainClient, SwapQuoter } from '@vetted/venues';
import type { CapturedAction } from '../domain/actions';
import { capturedSwapFloorFailure } from './quote-floor';

/**
 * Whether an unapproved review can no longer execute as captured, so that `refresh` may replace it:
 * a Solana leg whose blockhash has expired (approval would fail before effect with
 * `BLOCKHASH_EXPIRED`), or a swap whose floor a fresh quote no longer meets.
 */
export async function reviewCanNoLongerExecute(
  actions: readonly CapturedAction[],
  quoter: SwapQuoter,
  chain: ChainClient,
): Promise<boolean> {
  for (const action of actions) {
    const blockhash = action.kind === 'chain' ? action.tx.recentBlockhash : undefined;
    if (blockhash !== undefined && !(await chain.isBlockhashValid(blockhash))) return true;
  }
  return (await capturedSwapFloorFailure(actions, quoter)) !== null;
}
