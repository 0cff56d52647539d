import { extend } from '@vetted/kernel';
import type { LegReceipt, OperationEvent, OperationOutcomeFacts } from '@vetted/operations';
import { movementSign } from '@vetted/operations';
import { formatUnits } from '@vetted/venues';
import type { ActivityItem, AssetChange } from './activity-item';
import { actionOf, titleOf } from './operation-title';

export interface SettledOperation extends OperationOutcomeFacts {
  operationId: string;
  outcome: 'done' | 'failed' | 'failed_before_effect';
  errorCode: string | null;
  error: string | null;
  at: string;
}

type Movement = LegReceipt['transfers'][number];

/** The events an operation's activity item is made from: its terminal event, and late receipts. */
export const SETTLING_EVENT_TYPES = ['OperationSucceeded', 'OperationFailed', 'LateReceiptRecorded'] as const;
export type SettlingEvent = Extract<OperationEvent, { type: (typeof SETTLING_EVENT_TYPES)[number] }>;

/**
 * The operation as the activity item reads it: from its terminal event, or from a late receipt,
 * which carries the failed operation as it now stands (null for one recorded before it did).
 */
export function settledOperation(event: SettlingEvent): SettledOperation | null {
  switch (event.type) {
    case 'OperationSucceeded':
      return extend(event.data, { outcome: 'done', errorCode: null, error: null });
    case 'OperationFailed':
      return extend(event.data, {
        outcome: event.data.outcome,
        errorCode: event.data.errorCode,
        error: event.data.error,
      });
    case 'LateReceiptRecorded': {
      const { operationId, at, failure } = event.data;
      return failure ? extend(failure, { operationId, outcome: 'failed', at }) : null;
    }
  }
}

/**
 * The activity item of an operation that reached a chain or venue, from its receipts: exact
 * signed amounts per wallet and asset (a fee already included in its asset's amount, never
 * subtracted again), every receipt as a reference, a route only when the receipts show value
 * leaving on one network and arriving on another, and a title naming the tokens.
 */
export function operationActivityItem(op: SettledOperation): ActivityItem {
  const changes = [
    ...assetChanges(op.receipts, op.payer, true),
    ...(op.deliveredTo ? assetChanges(op.receipts, op.deliveredTo, false) : []),
  ];
  const last = op.receipts[op.receipts.length - 1] ?? null;
  return {
    action: actionOf(op),
    title: titleOf(op, changes),
    // Where its transactions ran and where it moved assets (a cross-chain swap delivers elsewhere).
    networks: [...new Set([...op.receipts.map((r) => r.network), ...changes.map((c) => c.asset.network)])],
    route: routeOf(op),
    isSuccess: op.outcome === 'done',
    error: op.outcome === 'done' ? null : op.error,
    reason: op.outcome === 'done' ? null : op.errorCode,
    assetChanges: changes,
    references: op.receipts.map((r) => ({
      label: referenceLabel(r),
      hash: r.hash,
      url: null,
    })),
    transactionHash: last?.hash ?? null,
    transactionUrl: null,
    at: op.at,
  };
}

/** What each leg is called in a reference; a receipt recorded before legs were named is a "Transaction". */
const LEG_NAMES: Record<string, string> = {
  approve: 'Approval',
  swap: 'Swap',
  transfer: 'Transfer',
  evmCall: 'Contract call',
  solanaTransaction: 'Solana transaction',
  perpOrder: 'Perp order',
  spotOrder: 'Spot order',
  predictionBuy: 'Prediction buy',
  predictionSell: 'Prediction sell',
  predictionRedeem: 'Redemption',
};

/**
 * A reference's label: what the leg was and where ("Approval on base", "Swap on base"), so that the
 * legs of one operation on one network tell apart (noted by a probe: both read "Transaction on base").
 */
function referenceLabel(receipt: LegReceipt): string {
  const name = (receipt.legKind && LEG_NAMES[receipt.legKind]) || 'Transaction';
  return `${receipt.status === 'success' ? name : `Reverted ${name.toLowerCase()}`} on ${receipt.network}`;
}

/** Net signed movement per asset for one address: value and fee in the same asset add up. */
function assetChanges(
  receipts: readonly LegReceipt[],
  address: string | null,
  paysFees: boolean,
): AssetChange[] {
  if (address === null) return [];
  const byAsset = new Map<string, { movement: Movement; value: bigint; fee: bigint }>();
  for (const receipt of receipts)
    for (const movement of receipt.transfers) {
      const sign = movementSign(movement, address);
      if (sign === 0n || (movement.purpose === 'fee' && !paysFees)) continue;
      const key = `${movement.network}:${movement.token ?? 'native'}`;
      const entry = byAsset.get(key) ?? { movement, value: 0n, fee: 0n };
      if (movement.purpose === 'fee') entry.fee += sign * BigInt(movement.amountRaw);
      else entry.value += sign * BigInt(movement.amountRaw);
      byAsset.set(key, entry);
    }
  return [...byAsset.values()]
    .filter(({ value, fee }) => value !== 0n || fee !== 0n)
    .map(({ movement, value, fee }) => {
      const decimals = movement.decimals ?? 0;
      return {
        amount: formatUnits(value + fee, decimals),
        amountRaw: (value + fee).toString(),
        walletAddress: address,
        asset: { network: movement.network, token: movement.token, symbol: movement.symbol ?? '?', decimals },
        valuation: null,
        feeAmount: formatUnits(fee, decimals),
        kind: value === 0n ? 'fee' : 'transfer',
      };
    });
}

/** Directional evidence: value left the payer on the route's source and arrived on its destination. */
function routeOf(op: SettledOperation): ActivityItem['route'] {
  if (!op.route) return null;
  const movements = op.receipts.flatMap((r) => r.transfers).filter((m) => m.purpose === 'value');
  const { source, destination } = op.route;
  const left = movements.some((m) => m.network === source && m.from === op.payer);
  const arrived = movements.some(
    (m) => m.network === destination && m.to !== null && (m.to === op.payer || m.to === op.deliveredTo),
  );
  return left && arrived ? op.route : null;
}
