import type { CapturedAction } from '../../domain/actions';
import { captureTx, estimateFee, type UnsubmittedTx } from '../../preparation/chain-legs';
import { feeToken, requireFunds } from '../../preparation/funding';
import type { PreparationContext } from '../../preparation/preparation-context';
import { networkFees, type NetworkFee } from '../../preparation/review';
import { UsdPrices } from '../../preparation/usd-prices';

/** The one leg a Solana intent executes, and the fee a person reviews for it. */
export interface SolanaLeg {
  action: CapturedAction;
  networkFees: NetworkFee[];
}

/**
 * Captures transaction bytes as the leg approval submits unchanged, naming the blockhash they
 * carry (the chain checks its expiry at submission). The wallet must afford the fee now
 * (`INSUFFICIENT_FUNDS` otherwise); the fee is valued in USD only where a live SOL price exists.
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
  ]);
  const prices = await UsdPrices.read(ports.prices, [], [fee.feeAsset]);
  return {
    action: { kind: 'chain', tx: captureTx(tx) },
    networkFees: networkFees([fee], ports.tokens, prices),
  };
}
