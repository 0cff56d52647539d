import type { ChainClient, FeeEstimate } from '@vetted/venues';
import type { CapturedAction } from '../domain/actions';
import type { LegFailure } from './leg-outcome';
import { chainTxOf } from './venue-requests';

/**
 * Whether the payer still holds what every chain leg of the operation will spend (a transfer's
 * amount, a swap's input, and each leg's most gas at today's estimate, as the review required),
 * per network, address and token: checked before the first leg of an operation of several, so that
 * an approval leg never spends gas for a swap the wallet can no longer fund (another operation of
 * the wallet spent its input or its gas since the review). Null: it holds. A single leg is left to
 * its own submission, which refuses it before effect anyway.
 */
export async function capturedFundsFailure(
  actions: readonly CapturedAction[],
  chain: ChainClient,
): Promise<LegFailure | null> {
  if (actions.length < 2) return null;
  const needs = new Map<string, { network: string; from: string; token: string | null; raw: bigint }>();
  const need = (network: string, from: string, token: string | null, raw: bigint): void => {
    if (raw === 0n) return;
    const key = `${network}\n${from}\n${token ?? ''}`;
    const known = needs.get(key);
    if (known) known.raw += raw;
    else needs.set(key, { network, from, token, raw });
  };
  for (const action of actions) {
    if (action.kind !== 'chain') continue;
    const { tx } = action;
    if (tx.kind === 'transfer') need(tx.network, tx.from, tx.token, BigInt(tx.amountRaw));
    else if (tx.kind === 'swap') need(tx.network, tx.from, tx.tokenIn, BigInt(tx.amountInRaw));
    const fee = await feeOf(chain, action);
    if (fee) need(fee.feeAsset.network, tx.from, fee.feeAsset.token, fee.maxFeeRaw);
  }
  for (const { network, from, token, raw } of needs.values()) {
    const held = await chain.balance(network as Parameters<ChainClient['balance']>[0], from, token);
    if (held < raw)
      return {
        kind: 'failed',
        code: 'INSUFFICIENT_FUNDS',
        error: `${from} has ${held} of ${token ?? 'the native token'} on ${network}, the operation needs ${raw}; nothing was submitted`,
        effect: 'none',
      };
  }
  return null;
}

/** The leg's fee at today's estimate; a leg the chain will not even estimate is left to its submission. */
async function feeOf(
  chain: ChainClient,
  action: Extract<CapturedAction, { kind: 'chain' }>,
): Promise<FeeEstimate | null> {
  try {
    return await chain.estimateFee(chainTxOf(action, 'fee-estimate'));
  } catch {
    return null;
  }
}
