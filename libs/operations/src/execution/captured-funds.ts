import type { ChainClient } from '@vetted/venues';
import type { CapturedAction } from '../domain/actions';
import type { LegFailure } from './leg-outcome';

/**
 * Whether the payer still holds what every chain leg of the operation will spend (a transfer's
 * amount, a swap's input), per network, address and token: checked before the first leg of an
 * operation of several, so that an approval leg never spends gas for a swap the wallet can no
 * longer fund (another operation of the wallet spent it since the review). Gas is not counted: each
 * leg's own submission refuses a wallet that cannot pay it. Null: it holds. A single leg is left
 * to its own submission, which refuses it before effect anyway.
 */
export async function capturedFundsFailure(
  actions: readonly CapturedAction[],
  chain: ChainClient,
): Promise<LegFailure | null> {
  if (actions.length < 2) return null;
  const needs = new Map<string, { network: string; from: string; token: string | null; raw: bigint }>();
  for (const action of actions) {
    if (action.kind !== 'chain') continue;
    const { tx } = action;
    const spent =
      tx.kind === 'transfer'
        ? { token: tx.token, raw: BigInt(tx.amountRaw) }
        : tx.kind === 'swap'
          ? { token: tx.tokenIn, raw: BigInt(tx.amountInRaw) }
          : null;
    if (spent === null || spent.raw === 0n) continue;
    const key = `${tx.network}\n${tx.from}\n${spent.token ?? ''}`;
    const need = needs.get(key);
    if (need) need.raw += spent.raw;
    else needs.set(key, { network: tx.network, from: tx.from, token: spent.token, raw: spent.raw });
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
