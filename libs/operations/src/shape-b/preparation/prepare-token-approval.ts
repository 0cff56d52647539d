import type { TokenInfo } from '@vetted/venues';
import { captureTx, estimateFee, type UnsubmittedTx } from '../../preparation/chain-legs';
import { FieldProblems } from '../../preparation/field-problems';
import { feeNeed, requireFunds, type Need } from '../../preparation/funding';
import type { PreparationContext } from '../../preparation/preparation-context';
import { networkFees, reviewAmount, spoken } from '../../preparation/review';
import { UsdPrices } from '../../preparation/usd-prices';
import { type TokenApprovalIntent } from '../intent';
import { at } from '../intent/intent-arm';
import { resolveAssetToken } from './asset-token';
import type { PrepareShapeB, PreparedShapeB } from './prepared-shape-b';
import { exactRaw } from './resolve-amount';

/**
 * An ERC-20 `approve`: sets (not adds to) the spender's allowance to exactly `amount` in the token's
 * decimals. The token must be in the directory and on the paying wallet's family; the wallet must
 * afford the network fee.
 */
export const prepareTokenApproval: PrepareShapeB<TokenApprovalIntent> = async (intent, context) => {
  const problems = new FieldProblems();
  const token = resolveAssetToken(intent.asset, at('asset'), context.ports.tokens, problems, context.wallet);
  problems.throwIfAny();
  return approvalOperation(intent, token!, exactRaw(intent.amount, token!, at('amount')), context);
};

/**
 * The approval operation of `intent` for `amountRaw` of `token`. A swap short of allowance passes
 * what the swap itself will spend as `successorNeeds`, so a wallet that could approve but never
 * swap is refused now rather than after paying for the approval.
 */
export async function approvalOperation(
  intent: TokenApprovalIntent,
  token: TokenInfo,
  amountRaw: bigint,
  context: PreparationContext,
  successorNeeds: readonly Need[] = [],
): Promise<PreparedShapeB> {
  const { wallet, ports } = context;
  const { network } = intent.asset;
  const address = token.token!;
  const leg: UnsubmittedTx = {
    kind: 'approve',
    network,
    from: wallet.address,
    token: address,
    spender: intent.spender,
    amountRaw,
  };
  const fee = await estimateFee(ports.chain, leg);
  await requireFunds(ports, wallet, [feeNeed(ports.tokens, fee), ...successorNeeds]);
  const current = await ports.chain.allowance(network, address, wallet.address, intent.spender);
  // An approval moves nothing, so the token's USD value is incidental: shown when priced, never refused.
  const prices = await UsdPrices.read(ports.prices, [], [token, fee.feeAsset]);
  const amount = reviewAmount(token, amountRaw, prices);
  return {
    type: 'tokenApproval',
    action: intent,
    actions: [{ kind: 'chain', tx: captureTx(leg) }],
    review: {
      type: 'tokenApproval',
      walletId: wallet.id,
      summary: `Allow ${intent.spender} to spend up to ${spoken(amount)} from wallet ${wallet.id}`,
      token: { network, token: address, symbol: token.symbol, decimals: token.decimals },
      spender: intent.spender,
      amount,
      currentAllowance: reviewAmount(token, current, prices),
      networkFees: networkFees([fee], ports.tokens, prices),
    },
    continuation: null,
  };
}
