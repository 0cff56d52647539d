import type { CapturedAction } from '../../domain/actions';
import { captureTx, estimateFee, type UnsubmittedTx } from '../../preparation/chain-legs';
import { feeToken, requireFunds } from '../../preparation/funding';
import type { PreparationContext } from '../../preparation/preparation-context';
import { networkFees, type NetworkFee } from '../../preparation/review';
import { UsdPrices } from '../../preparation/usd-prices';
import { systemTransfersIn } from '@vetted/venues';

/** The one leg a Solana intent executes, and the fee a person reviews for it. */
export interface SolanaLeg {
  action: CapturedAction;
  networkFees: NetworkFee[];
}

/**
 * Captures transaction bytes as the leg approval submits unchanged, naming the blockhash they
 * carry (the chain checks its expiry at submission). The wallet must afford the fee now, and
 * the SOL its System program transfers send out of it (`INSUFFICIENT_FUNDS` otherwise); the fee is
 * valued in USD only where a live SOL price exists.
 */
export async function solanaTransactionLeg(
  context: PreparationContext,
  transaction: string,
  recentBlockhash: string,
): Promise<SolanaLeg> {
  const { wallet, ports } = context;
  const tx: UnsubmittedTx = {
    kind: 'solanaTransaction',
    network: 'solana',
    from: wallet.address,
    transaction,
    recentBlockhash,
  };
  const fee = await estimateFee(ports.chain, tx);
  await requireFunds(ports, wallet, [
    { token: feeToken(ports.tokens, fee), raw: fee.maxFeeRaw, purpose: 'network fee' },
    {
      token: feeToken(ports.tokens, fee),
      raw: lamportsSent(transaction, wallet.address),
      purpose: 'SOL it transfers',
    },
  ]);
  const prices = await UsdPrices.read(ports.prices, [], [fee.feeAsset]);
  return {
    action: { kind: 'chain', tx: captureTx(tx) },
    networkFees: networkFees([fee], ports.tokens, prices),
  };
}

/** What the transaction's System program transfers send out of the paying wallet, in lamports. */
function lamportsSent(transaction: string, payer: string): bigint {
  let sent = 0n;
  // One Solana would refuse fails the transaction: it sends nothing.
  for (const transfer of systemTransfersIn(transaction))
    if (transfer.from === payer && transfer.refused === null) sent += transfer.lamports;
  return sent;
}
