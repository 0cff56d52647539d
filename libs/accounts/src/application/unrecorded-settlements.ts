import type { ServiceDelta } from '../domain/balances/events';

/** A service transaction that has landed but whose settlement is not recorded on the wallets yet. */
export interface UnrecordedSettlement {
  submissionId: string;
  /** What it moved for the address asked about, each change with its block. */
  deltas: ServiceDelta[];
}

/**
 * What the executor knows that the wallet streams do not yet: its legs that have landed but whose
 * receipts it has not recorded (a leg between its block and the lookup that finds it, or being
 * reconciled after an uncertain submission or a timeout). A balance observation asks after reading,
 * so that the service's own transaction it sees is never reported as an unexplained change.
 */
export interface UnrecordedSettlements {
  landedUnrecorded(userId: string, address: string): Promise<UnrecordedSettlement[]>;
}

export const UNRECORDED_SETTLEMENTS = Symbol('UNRECORDED_SETTLEMENTS');
