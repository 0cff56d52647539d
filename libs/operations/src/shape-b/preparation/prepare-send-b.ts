import type { TokenInfo } from '@vetted/venues';
import { FieldProblems } from '../../preparation/field-problems';
import type { PreparationContext } from '../../preparation/preparation-context';
import { prepareTransfer, sendRecipient } from '../../preparation/prepare-send';
import { isChainToken } from '../../preparation/token-identity';
import { type SendIntentB } from '../intent';
import { at } from '../intent/intent-arm';
import { resolveAssetToken } from './asset-token';
import type { PrepareShapeB } from './prepared-shape-b';
import { resolveAmount } from './resolve-amount';

export const PERP_SEND_MESSAGE = 'sends on the perp venue are not supported; use a perp or spot order';

/**
 * A transfer of a token or the native asset to one of the caller's active wallets or an address of
 * the asset network's family, as Shape A's send, with the amount in any Shape B form.
 *
 * Never a continuation: a transfer is signed by the owner of the tokens and moves them directly,
 * so no spender allowance is involved (the api-decisions wording "swap or send" short of allowance
 * can only concern swaps).
 */
export const prepareSendB: PrepareShapeB<SendIntentB> = async (intent, context) => {
  const problems = new FieldProblems();
  const token = sendableToken(intent, context, problems);
  const recipient = token && sendRecipient(intent.to, token, context, at, problems);
  problems.throwIfAny();
  const [sent, to] = [token!, recipient!];
  const { actions, review } = await prepareTransfer(sent, to, context, (feesFor) =>
    resolveAmount(intent.amount, sent, context, at('amount'), { verb: 'send', feesFor }),
  );
  return {
    type: 'send',
    action: intent,
    actions,
    review: { type: 'send', ...review, sendsMax: intent.amount.kind === 'max' },
    continuation: null,
  };
};

/**
 * The token sent. On the perp venue only its margin USDC (`{ network: "perps", asset: "USDC" }`) is a
 * token the sandbox transfers (withdrawable margin, as in Shape A); a perp coin (`BTC`) is a position
 * or a spot holding that only orders move, not a token that can be sent.
 */
function sendableToken(
  intent: SendIntentB,
  context: PreparationContext,
  problems: FieldProblems,
): TokenInfo | null {
  const { asset } = intent;
  const { tokens } = context.ports;
  if (asset.kind === 'perpCoin' && !isChainToken(tokens, { network: asset.network, token: asset.asset })) {
    problems.add(at('asset'), `${PERP_SEND_MESSAGE} (only USDC margin can be sent from perps)`);
    return null;
  }
  return resolveAssetToken(asset, at('asset'), tokens, problems, context.wallet);
}
