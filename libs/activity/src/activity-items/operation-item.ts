import { extend } from '@vetted/kernel';
import type { LegReceipt, OperationEvent, OperationOutcomeFacts } from '@vetted/operations';
import { formatUnits } from '@vetted/venues';
import type { ActivityItem, AssetChange } from './activity-item';

export interface SettledOperation extends OperationOutcomeFacts {
  operationId: string;
  outcome: 'done' | 'failed' | 'failed_before_effect';
  errorCode: string | null;
  error: string | null;
  at: string;
}

type Movement = LegReceipt['transfers'][number];

/** The events an operation's activity item is made from: its terminal event, and late receipts. */
export type SettlingEvent = Extract<
  OperationEvent,
  { type: 'OperationSucceeded' | 'OperationFailed' | 'LateReceiptRecorded' }
>;

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
      label: `${r.status === 'success' ? 'Transaction' : 'Reverted transaction'} on ${r.network}`,
      hash: r.hash,
      url: null,
    })),
    transactionHash: last?.hash ?? null,
    transactionUrl: null,
    at: op.at,
  };
}

function actionOf(op: SettledOperation): string {
  const kind = (op.creationRequest as { kind?: string } | null)?.kind;
  return typeof kind === 'string' ? kind : op.kind;
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
      const sign = movement.to === address ? 1n : movement.from === address ? -1n : 0n;
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

/** A whole-position close: an IOC close may fill only part of it against the book's depth (rule 14). */
function closedTitle(op: SettledOperation, coin: string | undefined): string {
  const partly = op.receipts.some(
    (r) => (r as { fill?: { status?: string } }).fill?.status === 'partiallyFilled',
  );
  return `${partly ? 'Partly closed' : 'Closed'} the ${coin ?? 'perp'} position`;
}

function titleOf(op: SettledOperation, changes: readonly AssetChange[]): string {
  const spent = changes.find(
    (c) => c.walletAddress === op.payer && c.kind === 'transfer' && c.amountRaw.startsWith('-'),
  );
  const received = changes.find((c) => c.kind === 'transfer' && !c.amountRaw.startsWith('-'));
  switch (actionOf(op)) {
    case 'swap':
      if (op.deliveredTo && op.outcome === 'done') return 'Swap received';
      if (!spent || !received) return op.outcome === 'done' ? 'Swapped' : 'Swap failed';
      return `Swapped ${spent.asset.symbol} for ${received.asset.symbol}`;
    case 'send':
      if (spent) return `Sent ${sentValue(op, spent)} ${spent.asset.symbol}`;
      return op.outcome === 'done' ? 'Sent' : 'Send failed';
    case 'perp':
      return `Opened a perp position (${(op.creationRequest as { perpIntent?: { coin?: string } }).perpIntent?.coin ?? 'perp'})`;
    case 'perpClose':
      return closedTitle(op, (op.creationRequest as { closeIntent?: { coin?: string } }).closeIntent?.coin);

    case 'prediction':
      return predictionTitle(
        (op.creationRequest as { order?: { action?: string }; action?: string }).order?.action ??
          (op.creationRequest as { action?: string }).action,
        changes,
      );
    // Shape B kinds (the request is the intent itself).
    case 'perpOrder': {
      const { coin, reduce, size } = op.creationRequest as {
        coin?: string;
        reduce?: boolean;
        size?: unknown;
      };
      if (!reduce) return `Opened a perp position (${coin ?? 'perp'})`;
      // `size: "max"` (as sent, or as the intent holds it) closes the whole position.
      const whole = size === 'max' || (size as { kind?: unknown } | undefined)?.kind === 'max';
      return whole ? closedTitle(op, coin) : `Reduced the ${coin ?? 'perp'} position`;
    }
    case 'spotOrder': {
      const { side, asset } = op.creationRequest as { side?: string; asset?: { asset?: string } };
      return `${side === 'sell' ? 'Sold' : 'Bought'} ${asset?.asset ?? 'spot'}`;
    }
    case 'tokenApproval':
      return 'Approved token spending';
    case 'evmCall':
      return `Contract call on ${(op.creationRequest as { network?: string }).network ?? 'an EVM network'}`;
    case 'solanaInstruction':
    case 'solanaTransaction':
      return 'Solana transaction';
    default:
      return 'Operation';
  }
}

/** What the payer sent of a change's asset, fees aside (the change's amount includes its fee). */
function sentValue(op: SettledOperation, change: AssetChange): string {
  let raw = 0n;
  for (const receipt of op.receipts)
    for (const m of receipt.transfers)
      if (
        m.purpose === 'value' &&
        m.from === op.payer &&
        m.network === change.asset.network &&
        m.token === change.asset.token
      )
        raw += BigInt(m.amountRaw);
  return formatUnits(raw, change.asset.decimals);
}

/**
 * With the shares that moved, how many, of which outcome and market (the reference asks it of
 * redemptions; buys and sells say the same): "Redeemed 12.5 No shares of btc-150k-2026".
 */
function predictionTitle(action: string | undefined, changes: readonly AssetChange[]): string {
  const verb = action === 'sell' ? 'Sold' : action === 'redeem' ? 'Redeemed' : 'Bought';
  const shares = sharesMoved(changes);
  if (!shares) return `${verb} prediction shares`;
  return `${verb} ${shares.quantity} ${shares.outcome} shares of ${shares.market}`;
}

/**
 * The outcome shares among the changes: the venue's directory names a share `<market>:<outcome>`
 * (the sandbox's `btc-150k-2026:No`); none when no change is one.
 */
function sharesMoved(
  changes: readonly AssetChange[],
): { quantity: string; outcome: string; market: string } | null {
  for (const change of changes) {
    const at = change.asset.symbol.indexOf(':');
    if (change.kind !== 'transfer' || at <= 0) continue;
    return {
      quantity: change.amount.replace(/^-/, ''),
      market: change.asset.symbol.slice(0, at),
      outcome: change.asset.symbol.slice(at + 1),
    };
  }
  return null;
}
