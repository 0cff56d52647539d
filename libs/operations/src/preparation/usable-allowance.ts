import type { Network } from '@vetted/venues';
import type { CapturedAction } from '../domain/actions';
import type { PreparationContext } from './preparation-context';

/**
 * The allowance of `spender` over the paying wallet's `token` that an operation prepared now can
 * count on. None while an operation of the wallet still executing has a leg on that token left to
 * run: it runs first (it was approved first, and a wallet's operations run in approval order), and
 * its swap spends from the allowance, its approval sets it anew (an ERC-20 approve replaces, never
 * adds), and an arbitrary call may do either. Counting on it, a swap reviewed between an earlier
 * swap's approval and its spend captured no approval of its own and failed at execution.
 */
export async function usableAllowance(
  { wallet, ports, executing }: PreparationContext,
  network: Network,
  token: string,
  spender: string,
): Promise<bigint> {
  if ((await executing()).some((action) => usesAllowance(action, network, token))) return 0n;
  return ports.chain.allowance(network, token, wallet.address, spender);
}

function usesAllowance(action: CapturedAction, network: string, token: string): boolean {
  if (action.kind !== 'chain' || action.tx.network !== network) return false;
  const { tx } = action;
  switch (tx.kind) {
    case 'approve':
      return sameToken(tx.token, token);
    case 'swap':
      return tx.tokenIn !== null && sameToken(tx.tokenIn, token);
    case 'evmCall':
      return true;
    default:
      return false;
  }
}

const sameToken = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();
