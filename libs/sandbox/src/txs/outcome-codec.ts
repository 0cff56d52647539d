import type { Network, TokenMovement } from '@vetted/venues';
import { decodeJson, storeJson } from '../store/json-codec';
import type { TxOutcome } from './tx-log';

type StoredMovement =
  | [Network, string | null, string | null, string | null, string, 'v' | 'f']
  | [Network, string | null, string | null, string | null, string, 'v' | 'f', number];

interface StoredOutcome {
  s: TxOutcome['status'];
  f: string;
  t: StoredMovement[];
  e?: string;
  r?: unknown;
}

/**
 * Outcomes are most of a transaction row; compact rows keep more of them per page, and fewer
 * pages per commit is what makes a submission cheap to sync.
 */
export function encodeOutcome(outcome: TxOutcome): string {
  const stored: StoredOutcome = {
    s: outcome.status,
    f: outcome.feeRaw.toString(),
    t: outcome.transfers.map((m): StoredMovement => {
      const stored: StoredMovement = [
        m.network,
        m.token,
        m.from,
        m.to,
        m.amountRaw.toString(),
        m.purpose === 'fee' ? 'f' : 'v',
      ];
      return m.blockNumber === undefined ? stored : [...stored, m.blockNumber];
    }),
  };
  if (outcome.error !== null) stored.e = outcome.error;
  if (outcome.result !== undefined) stored.r = outcome.result;
  return storeJson(stored);
}

export function decodeOutcome(text: string): TxOutcome {
  const stored = decodeJson<StoredOutcome>(text);
  const transfers: TokenMovement[] = stored.t.map(([network, token, from, to, amount, purpose, block]) => {
    const movement: TokenMovement = {
      network,
      token,
      from,
      to,
      amountRaw: BigInt(amount),
      purpose: purpose === 'f' ? 'fee' : 'value',
    };
    if (block !== undefined) movement.blockNumber = block;
    return movement;
  });
  const outcome: TxOutcome = {
    status: stored.s,
    feeRaw: BigInt(stored.f),
    transfers,
    error: stored.e ?? null,
  };
  if (stored.r !== undefined) outcome.result = stored.r;
  return outcome;
}
