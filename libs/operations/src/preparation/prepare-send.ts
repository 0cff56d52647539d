import type { TokenInfo } from '@vetted/venues';
import { describeAmount, rawAmount } from './amounts';
import { captureTx, estimateFee, legSigning, type UnsubmittedTx } from './chain-legs';
import { FieldProblems, pathOf } from './field-problems';
import { feeToken, maxAfterFees, requireFunds, spendable } from './funding';
import type { PreparationContext } from './preparation-context';
import { externalRecipient, ownedRecipient, type Recipient } from './recipients';
import { InsufficientFunds } from './refusals';
import { networkFees, reviewAmount, spoken, type Prepared } from './review';
import type { SendOperation } from './shape-a-request';
import { resolveToken } from './token-identity';
import { UsdPrices } from './usd-prices';

const at = (field: string): string => pathOf('sendIntent', field);

/** A transfer of a token (or the native asset) to one of the caller's wallets or an external address. */
export async function prepareSend(operation: SendOperation, context: PreparationContext): Promise<Prepared> {
  const { wallet, ports } = context;
  const intent = operation.sendIntent;
  const problems = new FieldProblems();
  const token = resolveToken(intent.token, at('token'), ports.tokens, problems, wallet);
  const amount = token && rawAmount(intent.amount, true, token.decimals, at('amount'), problems);
  const recipient = token && sendRecipient(operation, token, context, problems);
  problems.throwIfAny();
  const [sent, to, requested] = [token!, recipient!, amount!];

  const signing = await legSigning(ports.chain, sent.network);
  const transfer = (amountRaw: bigint): UnsubmittedTx => ({
    kind: 'transfer',
    network: sent.network,
    from: wallet.address,
    ...signing.fields,
    to: to.address,
    token: sent.token,
    amountRaw,
  });
  let amountRaw: bigint;
  if (requested.kind === 'exact') amountRaw = requested.raw;
  else {
    const available = await spendable(ports, wallet.address, sent);
    const fee = await estimateFee(ports.chain, transfer(available > 0n ? available : 1n));
    amountRaw = maxAfterFees(available, sent, [fee]);
    if (amountRaw <= 0n)
      throw new InsufficientFunds(
        `wallet ${wallet.id} has ${describeAmount(available, sent)}, nothing left to send after the network fee`,
      );
  }
  const leg = transfer(amountRaw);
  const fee = await estimateFee(ports.chain, leg);
  await requireFunds(ports, wallet, [
    { token: sent, raw: amountRaw, purpose: 'to send' },
    { token: feeToken(ports.tokens, fee), raw: fee.maxFeeRaw, purpose: 'network fee' },
  ]);

  const prices = await UsdPrices.read(ports.prices, [sent], [fee.feeAsset]);
  const reviewed = reviewAmount(sent, amountRaw, prices);
  return {
    actions: [{ kind: 'chain', tx: captureTx(leg) }],
    review: {
      kind: 'send',
      walletId: wallet.id,
      summary: `Send ${spoken(reviewed)} to ${to.walletId === null ? to.address : `wallet ${to.walletId} (${to.address})`}`,
      amount: reviewed,
      sendsMax: requested.kind === 'max',
      from: wallet.address,
      to,
      networkFees: networkFees([fee], ports.tokens, prices),
      blockhashExpiresAt: signing.expiresAt,
    },
  };
}

/** Sending to the paying wallet itself would only burn the fee, so it is refused as a likely mistake. */
function sendRecipient(
  operation: SendOperation,
  token: TokenInfo,
  context: PreparationContext,
  problems: FieldProblems,
): Recipient | null {
  const { walletId, address } = operation.sendIntent.to as { walletId?: number; address?: string };
  const [recipient, path] =
    walletId !== undefined
      ? [ownedRecipient(walletId, token.network, context, at('to.walletId'), problems), at('to.walletId')]
      : [externalRecipient(address!, token.network, context, at('to.address'), problems), at('to.address')];
  if (recipient?.address === context.wallet.address) {
    problems.add(path, `is the paying wallet ${context.wallet.id} itself`);
    return null;
  }
  return recipient;
}
