import type { TokenInfo } from '@vetted/venues';
import type { CapturedAction } from '../domain/actions';
import { rawAmount } from './amounts';
import { captureTx, estimateFee, legSigning, type UnsubmittedTx } from './chain-legs';
import { FieldProblems, pathOf } from './field-problems';
import { feeNeed, maxSpend, requireFunds, type FeesFor } from './funding';
import type { PreparationContext } from './preparation-context';
import { externalRecipient, ownedRecipient, type Recipient } from './recipients';
import { networkFees, reviewAmount, spoken, type Prepared, type SendReview } from './review';
import type { SendOperation, SendRecipient } from './shape-a-request';
import { resolveToken } from './token-identity';
import { UsdPrices } from './usd-prices';

const at = (field: string): string => pathOf('sendIntent', field);

/** A transfer of a token (or the native asset) to one of the caller's wallets or an external address. */
export async function prepareSend(operation: SendOperation, context: PreparationContext): Promise<Prepared> {
  const { wallet, ports } = context;
  const intent = operation.sendIntent;
  const problems = new FieldProblems();
  const token = resolveToken(intent.token, at('token'), ports.tokens, problems, wallet);
  const amount = token && rawAmount(intent.amount, true, token, at('amount'), problems);
  const recipient = token && sendRecipient(intent.to, token, context, at, problems);
  problems.throwIfAny();
  const [sent, to, requested] = [token!, recipient!, amount!];
  const { actions, review } = await prepareTransfer(sent, to, context, async (feesFor) =>
    requested.kind === 'exact' ? requested.raw : maxSpend(ports, wallet, sent, 'send', feesFor),
  );
  return { actions, review: { kind: 'send', ...review, sendsMax: requested.kind === 'max' } };
}

/**
 * One transfer leg of `sent` to `to` (both shapes): `amountOf` resolves the amount, given the fees
 * of the leg that would move a candidate amount (for `max`); the wallet must hold the amount and the
 * leg's fee. Returns the captured leg and the review fields every send shows.
 */
export async function prepareTransfer(
  sent: TokenInfo,
  to: Recipient,
  context: PreparationContext,
  amountOf: (feesFor: FeesFor) => Promise<bigint>,
): Promise<{ actions: CapturedAction[]; review: Omit<SendReview, 'kind' | 'sendsMax'> }> {
  const { wallet, ports } = context;
  const signing = await legSigning(context, sent.network);
  const transfer = (amountRaw: bigint): UnsubmittedTx => ({
    kind: 'transfer',
    network: sent.network,
    from: wallet.address,
    ...signing.fields,
    to: to.address,
    token: sent.token,
    amountRaw,
  });
  const amountRaw = await amountOf(async (raw) => [await estimateFee(ports.chain, transfer(raw))]);
  const leg = transfer(amountRaw);
  const fee = await estimateFee(ports.chain, leg);
  await requireFunds(ports, wallet, [
    { token: sent, raw: amountRaw, purpose: 'to send' },
    feeNeed(ports.tokens, fee),
  ]);

  const prices = await UsdPrices.read(ports.prices, [sent], [fee.feeAsset]);
  const reviewed = reviewAmount(sent, amountRaw, prices);
  return {
    actions: [{ kind: 'chain', tx: captureTx(leg) }],
    review: {
      walletId: wallet.id,
      summary: `Send ${spoken(reviewed)} to ${to.walletId === null ? to.address : `wallet ${to.walletId} (${to.address})`}`,
      amount: reviewed,
      from: wallet.address,
      to,
      networkFees: networkFees([fee], ports.tokens, prices),
      blockhashExpiresAt: signing.expiresAt,
    },
  };
}

/**
 * Sending to the paying wallet itself would only burn the fee, so it is refused as a likely mistake.
 * `at` gives the full path of `to.walletId` / `to.address` in the request body.
 */
export function sendRecipient(
  recipient: SendRecipient,
  token: TokenInfo,
  context: PreparationContext,
  at: (field: string) => string,
  problems: FieldProblems,
): Recipient | null {
  const { walletId, address } = recipient as { walletId?: number; address?: string };
  const [found, path] =
    walletId !== undefined
      ? [ownedRecipient(walletId, token.network, context, at('to.walletId'), problems), at('to.walletId')]
      : [externalRecipient(address!, token.network, context, at('to.address'), problems), at('to.address')];
  if (found?.address === context.wallet.address) {
    problems.add(path, `is the paying wallet ${context.wallet.id} itself`);
    return null;
  }
  return found;
}
