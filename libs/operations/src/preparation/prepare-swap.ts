import type {
  ChainClient,
  FeeEstimate,
  QuoteFailureReason,
  RejectionReason,
  SwapQuote,
  TokenInfo,
} from '@vetted/venues';
import { QuoteFailed, SubmissionRejected, addressFamily, isEvmNetwork, sameAsset } from '@vetted/venues';
import type { CapturedAction } from '../domain/actions';
import { ceilDiv, describeAmount, rawAmount } from './amounts';
import { captureTx, estimateFee, legSigning, type LegSigning, type UnsubmittedTx } from './chain-legs';
import { FieldProblems, pathOf } from './field-problems';
import { feeNeed, maxSpend, requireFunds } from './funding';
import type { PreparationContext } from './preparation-context';
import { ownedRecipient, type Recipient } from './recipients';
import { QuoteBelowFloor, SwapNotQuoted } from './refusals';
import { assetOf, networkFees, reviewAmount, spoken, type Prepared } from './review';
import type { SwapOperation } from './shape-a-request';
import { resolveToken } from './token-identity';
import { usableAllowance } from './usable-allowance';
import { UsdPrices } from './usd-prices';

const at = (field: string): string => pathOf('swapIntent', field);
/** Built once: every create would otherwise join the same four paths for problems it rarely has. */
const PATH = { from: at('from'), to: at('to'), amount: at('amount'), toWalletId: at('toWalletId') };

/**
 * A swap of an exact input, quoted now. The quote must meet the caller's floor rate, and the pinned
 * minimum output is the floor's: `ceil(amountIn × receiveRaw / sellRaw)`, the least the caller said
 * they accept for this input, so execution neither demands more than the caller asked (the quote's
 * own output would revert on the smallest move) nor accepts less.
 */
export async function prepareSwap(operation: SwapOperation, context: PreparationContext): Promise<Prepared> {
  const { wallet, ports } = context;
  const intent = operation.swapIntent;
  const problems = new FieldProblems();
  const from = resolveToken(intent.from, PATH.from, ports.tokens, problems, wallet);
  const to = resolveToken(intent.to, PATH.to, ports.tokens, problems);
  if (from && to && sameAsset(from, to)) problems.add(PATH.to, 'must be another asset than from');
  const amount = from && rawAmount(intent.amount, true, from, PATH.amount, problems);
  const recipient = to && swapRecipient(intent.toWalletId, to, context, PATH.toWalletId, problems);
  problems.throwIfAny();
  const [spend, receive, deliverTo, requested] = [from!, to!, recipient!, amount!];
  const floor = {
    sellRaw: BigInt(intent.quoteFloor.sellRaw),
    receiveRaw: BigInt(intent.quoteFloor.receiveRaw),
  };

  const signing = await legSigning(context, spend.network);
  const swapTx = swapLegOf(spend, receive, wallet.address, deliverTo.address, signing);

  const amountInRaw =
    requested.kind === 'exact'
      ? requested.raw
      : await maxSpend(ports, wallet, spend, 'swap', async (raw) => [
          await swapLegFee(ports.chain, swapTx(raw, 0n)),
        ]);

  const quote = await quoteSwap(context, spend, receive, amountInRaw);
  const minAmountOutRaw = ceilDiv(amountInRaw * floor.receiveRaw, floor.sellRaw);

  const legs: UnsubmittedTx[] = [];
  const spender = quote.approvalSpender;
  if (spender && spend.token !== null && isEvmNetwork(spend.network)) {
    const allowance = await usableAllowance(context, spend.network, spend.token, spender);
    if (allowance < amountInRaw)
      legs.push({
        kind: 'approve',
        network: spend.network,
        from: wallet.address,
        token: spend.token,
        spender,
        amountRaw: amountInRaw,
      });
  }
  legs.push(swapTx(amountInRaw, minAmountOutRaw));
  const fees = await Promise.all(legs.map((leg) => swapLegFee(ports.chain, leg)));
  await requireFunds(ports, wallet, [
    { token: spend, raw: amountInRaw, purpose: 'to swap' },
    ...fees.map((fee) => feeNeed(ports.tokens, fee)),
  ]);
  if (quote.amountOutRaw * floor.sellRaw < amountInRaw * floor.receiveRaw)
    throw new QuoteBelowFloor(
      `the quote gives ${describeAmount(quote.amountOutRaw, receive)} for ${describeAmount(amountInRaw, spend)}, ` +
        `below the quote floor of ${floor.receiveRaw} raw per ${floor.sellRaw} raw ` +
        `(at least ${describeAmount(minAmountOutRaw, receive)})`,
    );

  const prices = await UsdPrices.read(
    ports.prices,
    [spend, receive],
    fees.map((fee) => fee.feeAsset),
  );
  const spent = reviewAmount(spend, amountInRaw, prices);
  const quoted = reviewAmount(receive, quote.amountOutRaw, prices);
  const minimum = reviewAmount(receive, minAmountOutRaw, prices);
  const guard = {
    quotedOutRaw: quote.amountOutRaw.toString(),
    floor: { sellRaw: intent.quoteFloor.sellRaw, receiveRaw: intent.quoteFloor.receiveRaw },
  };
  const actions: CapturedAction[] = legs.map((leg) =>
    leg.kind === 'swap'
      ? { kind: 'chain', tx: captureTx(leg), swap: guard }
      : { kind: 'chain', tx: captureTx(leg) },
  );
  const approval = legs.length > 1 && legs[0].kind === 'approve' ? legs[0] : null;
  return {
    actions,
    review: {
      kind: 'swap',
      walletId: wallet.id,
      summary: `Swap ${spoken(spent)} for about ${spoken(quoted)} (at least ${minimum.amount} ${minimum.symbol})`,
      spend: spent,
      spendsMax: requested.kind === 'max',
      quotedReceive: quoted,
      minimumReceive: minimum,
      quoteFloor: { sellRaw: intent.quoteFloor.sellRaw, receiveRaw: intent.quoteFloor.receiveRaw },
      providerFee: reviewAmount(spend, quote.feeRaw, prices),
      priceImpact: quote.priceImpact,
      route: quote.route,
      recipient: deliverTo,
      approval: approval && {
        spender: approval.spender,
        amount: reviewAmount(spend, approval.amountRaw, prices),
      },
      networkFees: networkFees(fees, ports.tokens, prices),
      quotedAt: quote.quotedAt,
      blockhashExpiresAt: signing.expiresAt,
    },
  };
}

/** Builds the swap leg of an exact input and pinned minimum output, signed by `from`. */
export function swapLegOf(
  spend: TokenInfo,
  receive: TokenInfo,
  from: string,
  recipient: string,
  signing: LegSigning,
): (amountInRaw: bigint, minAmountOutRaw: bigint) => UnsubmittedTx {
  return (amountInRaw, minAmountOutRaw) => ({
    kind: 'swap',
    network: spend.network,
    from,
    ...signing.fields,
    tokenIn: spend.token,
    assetOut: assetOf(receive),
    amountInRaw,
    minAmountOutRaw,
    recipient,
  });
}

/**
 * `toWalletId` names another of the caller's wallets (the reference: "deliver to another owned
 * wallet"; naming the paying wallet itself is refused, as a send to it is); without it the paying
 * wallet receives, which it can only do when the destination network is of its own address family.
 * Problems go to `path`.
 */
export function swapRecipient(
  toWalletId: number | undefined,
  to: TokenInfo,
  context: PreparationContext,
  path: string,
  problems: FieldProblems,
): Recipient | null {
  if (toWalletId === context.wallet.id) {
    problems.add(path, `is the paying wallet ${toWalletId} itself; leave it out to receive in it`);
    return null;
  }
  if (toWalletId !== undefined) return ownedRecipient(toWalletId, to.network, context, path, problems);
  if (addressFamily(to.network) !== context.wallet.family) {
    problems.add(
      path,
      `is required: wallet ${context.wallet.id} cannot receive on ${to.network}; name one of your ${addressFamily(to.network)} wallets`,
    );
    return null;
  }
  return { address: context.wallet.address, walletId: context.wallet.id };
}

export async function quoteSwap(
  context: PreparationContext,
  from: TokenInfo,
  to: TokenInfo,
  amountInRaw: bigint,
): Promise<SwapQuote> {
  try {
    return await context.ports.quoter.quote({ from: assetOf(from), to: assetOf(to), amountInRaw });
  } catch (error) {
    if (error instanceof QuoteFailed) throw new SwapNotQuoted(error.reason, error.message);
    throw error;
  }
}

const QUOTE_REASONS: Partial<Record<RejectionReason, QuoteFailureReason>> = {
  unknown_token: 'unknown_token',
  no_route: 'no_route',
  insufficient_liquidity: 'insufficient_liquidity',
};

/** The chain refusing even to estimate a swap says, like a failed quote, that this swap cannot be done. */
export async function swapLegFee(chain: ChainClient, leg: UnsubmittedTx): Promise<FeeEstimate> {
  try {
    return await estimateFee(chain, leg);
  } catch (error) {
    if (error instanceof SubmissionRejected)
      throw new SwapNotQuoted(QUOTE_REASONS[error.reason] ?? 'invalid_request', error.message);
    throw error;
  }
}
