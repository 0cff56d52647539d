import { extend } from '@vetted/kernel';
import type { SwapQuote, TokenInfo } from '@vetted/venues';
import { formatUnits, isEvmNetwork, sameAsset } from '@vetted/venues';
import type { CapturedAction, SwapGuard } from '../../domain/actions';
import { captureTx, legSigning } from '../../preparation/chain-legs';
import { FieldProblems } from '../../preparation/field-problems';
import { feeNeed, requireFunds, type Need } from '../../preparation/funding';
import type { PreparationContext } from '../../preparation/preparation-context';
import { quoteSwap, swapLegFee, swapLegOf, swapRecipient } from '../../preparation/prepare-swap';
import { SwapNotQuoted } from '../../preparation/refusals';
import { networkFees, reviewAmount, spoken } from '../../preparation/review';
import { usableAllowance } from '../../preparation/usable-allowance';
import { UsdPrices } from '../../preparation/usd-prices';
import { type EvmTokenAsset, type SwapIntentB } from '../intent';
import { at } from '../intent/intent-arm';
import { resolveAssetToken } from './asset-token';
import { afterSlippage } from '../../preparation/exact-decimal';
import { approvalOperation } from './prepare-token-approval';
import type { PrepareShapeB, PreparedShapeB } from './prepared-shape-b';
import { resolveAmount } from './resolve-amount';

/**
 * A swap of the source spend (rule 15), quoted now. The pinned minimum is the quote less the
 * slippage, `floor(quotedOut × (100 − slippage) / 100)`; the input is never sized up to cover a
 * destination amount. An ERC-20 input whose allowance for the quote's spender is short is prepared
 * as a `tokenApproval` of exactly that input, continued by this swap of that exact input, which
 * `next` quotes afresh once the approval succeeded (so no stale quote waits behind an approval).
 */
export const prepareSwapB: PrepareShapeB<SwapIntentB> = async (intent, context) => {
  const { wallet, ports } = context;
  const problems = new FieldProblems();
  const from = resolveAssetToken(intent.from, at('from'), ports.tokens, problems, wallet);
  const to = resolveAssetToken(intent.to, at('to'), ports.tokens, problems);
  if (from && to && sameAsset(from, to)) problems.add(at('to'), 'must be another asset than from');
  const recipient = to && swapRecipient(intent.toWalletId, to, context, at('toWalletId'), problems);
  problems.throwIfAny();
  const [spend, receive, deliverTo] = [from!, to!, recipient!];

  const signing = await legSigning(context, spend.network);
  const swapTx = swapLegOf(spend, receive, wallet.address, deliverTo.address, signing);
  const amountInRaw = await resolveAmount(intent.amount, spend, context, at('amount'), {
    verb: 'swap',
    feesFor: async (raw) => [await swapLegFee(ports.chain, swapTx(raw, 0n))],
  });
  const quote = await quoteSwap(context, spend, receive, amountInRaw);
  const minimumRaw = afterSlippage(quote.amountOutRaw, intent.slippage);
  if (minimumRaw <= 0n)
    throw new SwapNotQuoted(
      'insufficient_liquidity',
      `the quote gives ${quote.amountOutRaw} raw ${receive.symbol}, nothing once ${intent.slippage}% slippage is allowed`,
    );
  const leg = swapTx(amountInRaw, minimumRaw);
  const fee = await swapLegFee(ports.chain, leg);
  const needs: Need[] = [{ token: spend, raw: amountInRaw, purpose: 'to swap' }, feeNeed(ports.tokens, fee)];

  const short = await shortAllowance(quote, spend, amountInRaw, context);
  if (short) return approvalFirst(intent, short, spend, receive, amountInRaw, needs, context);
  await requireFunds(ports, wallet, needs);

  const prices = await UsdPrices.read(ports.prices, [spend, receive], [fee.feeAsset]);
  const spent = reviewAmount(spend, amountInRaw, prices);
  const quoted = reviewAmount(receive, quote.amountOutRaw, prices);
  const minimum = reviewAmount(receive, minimumRaw, prices);
  // The executor re-quotes before submitting and requires out / in ≥ receiveRaw / sellRaw: with the
  // exact input and the minimum as the rate, that means "a fresh quote still gives the minimum".
  const guard: SwapGuard = {
    quotedOutRaw: quote.amountOutRaw.toString(),
    floor: { sellRaw: amountInRaw.toString(), receiveRaw: minimumRaw.toString() },
  };
  const actions: CapturedAction[] = [{ kind: 'chain', tx: captureTx(leg), swap: guard }];
  return {
    type: 'swap',
    action: intent,
    actions,
    review: {
      type: 'swap',
      walletId: wallet.id,
      summary: `Swap ${spoken(spent)} for about ${spoken(quoted)} (at least ${minimum.amount} ${minimum.symbol})`,
      spend: spent,
      spendsMax: intent.amount.kind === 'max',
      quotedReceive: quoted,
      minimumReceive: minimum,
      slippagePercent: intent.slippage,
      providerFee: reviewAmount(spend, quote.feeRaw, prices),
      priceImpact: quote.priceImpact,
      route: quote.route,
      recipient: deliverTo,
      networkFees: networkFees([fee], ports.tokens, prices),
      quotedAt: quote.quotedAt,
      blockhashExpiresAt: signing.expiresAt,
    },
    continuation: null,
  };
};

/** An ERC-20 input and the quote's spender, when the usable allowance for it is below the input. */
async function shortAllowance(
  quote: SwapQuote,
  spend: TokenInfo,
  amountInRaw: bigint,
  context: PreparationContext,
): Promise<{ asset: EvmTokenAsset; spender: string } | null> {
  const { network, token } = spend;
  const spender = quote.approvalSpender;
  if (!spender || token === null || !isEvmNetwork(network)) return null;
  const allowance = await usableAllowance(context, network, token, spender);
  return allowance < amountInRaw ? { asset: { kind: 'evmToken', network, asset: token }, spender } : null;
}

/**
 * The prerequisite (api-decisions §6): approve exactly the input, with the swap as continuation.
 * The funds check covers the swap's own spend and fee too, so an approval is never offered for a
 * swap the wallet cannot make.
 */
async function approvalFirst(
  intent: SwapIntentB,
  { asset, spender }: { asset: EvmTokenAsset; spender: string },
  spend: TokenInfo,
  receive: TokenInfo,
  amountInRaw: bigint,
  swapNeeds: readonly Need[],
  context: PreparationContext,
): Promise<PreparedShapeB> {
  const amount = formatUnits(amountInRaw, spend.decimals);
  const approval = await approvalOperation(
    { type: 'tokenApproval', walletId: intent.walletId, asset, spender, amount },
    spend,
    amountInRaw,
    context,
    swapNeeds,
  );
  // The successor swaps exactly what was approved: a `max`, percentage or USD amount resolved now
  // could resolve to more later and outgrow the allowance.
  const successor: SwapIntentB = extend(intent, { amount: { kind: 'exact', decimal: amount } });
  return extend(approval, {
    continuation: { action: successor, label: swapLabel(amount, spend, receive), walletId: intent.walletId },
  });
}

/** `Swap 1 USDC for ETH on base`; across networks both are named (`… on ethereum for USDC on base`). */
export function swapLabel(amount: string, spend: TokenInfo, receive: TokenInfo): string {
  return spend.network === receive.network
    ? `Swap ${amount} ${spend.symbol} for ${receive.symbol} on ${spend.network}`
    : `Swap ${amount} ${spend.symbol} on ${spend.network} for ${receive.symbol} on ${receive.network}`;
}
