import type { VenueTransfer } from '@vetted/operations';
import { formatUnits } from '@vetted/venues';
import type { AssetChange } from './activity-item';
import type { SettledOperation } from './operation-item';

/** The arm or intent type an item is about: Shape A's request `kind`, else the operation's kind. */
export function actionOf(op: SettledOperation): string {
  const kind = (op.creationRequest as { kind?: string } | null)?.kind;
  return typeof kind === 'string' ? kind : op.kind;
}

/** A whole-position close: an IOC close may fill only part of it against the book's depth (rule 14). */
function closedTitle(op: SettledOperation, coin: string | undefined): string {
  const partly = op.receipts.some(
    (r) => (r as { fill?: { status?: string } }).fill?.status === 'partiallyFilled',
  );
  return `${partly ? 'Partly closed' : 'Closed'} the ${coin ?? 'perp'} position`;
}

/** How the perp venue is named in titles: its account lives on the `perps` network. */
const PERP_VENUE = 'the perp venue';

/**
 * Value moved into a venue or out of it: through the caller's deposit wallet there (recorded at
 * preparation), or by a swap into or out of the perp venue's network.
 */
function venueTransferOf(op: SettledOperation): VenueTransfer | null {
  if (op.venueTransfer) return op.venueTransfer;
  if (op.route?.destination === 'perps') return { direction: 'deposit', venue: PERP_VENUE };
  if (op.route?.source === 'perps') return { direction: 'withdrawal', venue: PERP_VENUE };
  return null;
}

/** A deposit or withdrawal title names the token, what of it left the payer, and the venue. */
function venueTitle(op: SettledOperation, { direction, venue }: VenueTransfer, spent?: AssetChange): string {
  const deposit = direction === 'deposit';
  if (!spent)
    return op.outcome === 'done'
      ? `${deposit ? 'Deposited to' : 'Withdrew from'} ${venue}`
      : `${deposit ? 'Deposit to' : 'Withdrawal from'} ${venue} failed`;
  const moved = `${sentValue(op, spent)} ${spent.asset.symbol}`;
  return deposit ? `Deposited ${moved} to ${venue}` : `Withdrew ${moved} from ${venue}`;
}

/** The item's title: the tokens, amounts, venues and positions a person recognises. */
export function titleOf(op: SettledOperation, changes: readonly AssetChange[]): string {
  const spent = changes.find(
    (c) => c.walletAddress === op.payer && c.kind === 'transfer' && c.amountRaw.startsWith('-'),
  );
  const received =
    changes.find((c) => c.kind === 'transfer' && !c.amountRaw.startsWith('-')) ??
    // What it received may be less than the fee paid in the same asset (a dust swap into SOL), so
    // that asset's change is negative: it is still the other asset the swap moved.
    (spent &&
      changes.find(
        (c) =>
          c.kind === 'transfer' &&
          (c.asset.network !== spent.asset.network || c.asset.token !== spent.asset.token),
      ));
  const action = actionOf(op);
  const venueTransfer = action === 'swap' || action === 'send' ? venueTransferOf(op) : null;
  if (venueTransfer) return venueTitle(op, venueTransfer, spent);
  switch (action) {
    case 'swap':
      // What reached the other wallet, settled on time or late.
      if (
        changes.some(
          (c) => c.walletAddress === op.deliveredTo && c.kind === 'transfer' && !c.amountRaw.startsWith('-'),
        )
      )
        return 'Swap received';
      if (spent && received) return `Swapped ${spent.asset.symbol} for ${received.asset.symbol}`;
      // Nothing swapped (it failed after its approval leg): the tokens its review named, if recorded.
      if (op.swapSymbols) {
        const { spend, receive } = op.swapSymbols;
        return op.outcome === 'done'
          ? `Swapped ${spend} for ${receive}`
          : `Swap of ${spend} for ${receive} failed`;
      }
      return op.outcome === 'done' ? 'Swapped' : 'Swap failed';
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
      const { coin, reduce, size, sizePercent } = op.creationRequest as {
        coin?: string;
        reduce?: boolean;
        size?: unknown;
        sizePercent?: unknown;
      };
      if (!reduce) return `Opened a perp position (${coin ?? 'perp'})`;
      // `size: "max"` (as sent, or as the intent holds it) or `sizePercent: "100"` closes the whole position.
      const whole =
        size === 'max' ||
        (size as { kind?: unknown } | undefined)?.kind === 'max' ||
        Number(sizePercent) === 100;
      return whole ? closedTitle(op, coin) : `Reduced the ${coin ?? 'perp'} position`;
    }
    case 'spotOrder': {
      const { side, asset } = op.creationRequest as { side?: string; asset?: { asset?: string } };
      return `${side === 'sell' ? 'Sold' : 'Bought'} ${asset?.asset ?? 'spot'}`;
    }
    // A failed one of these reached the chain and reverted: its title says so, as a swap's does.
    case 'tokenApproval': {
      const token = op.approvedSymbol ?? 'token';
      return op.outcome === 'done' ? `Approved ${token} spending` : `Approval of ${token} spending failed`;
    }
    case 'evmCall': {
      const on = `Contract call on ${(op.creationRequest as { network?: string }).network ?? 'an EVM network'}`;
      if (op.outcome !== 'done') return `${on} failed`;
      // The value it sent, if any, in the native token.
      return spent ? `${on} with ${sentValue(op, spent)} ${spent.asset.symbol}` : on;
    }
    case 'solanaInstruction':
    case 'solanaTransaction':
      return op.outcome === 'done' ? 'Solana transaction' : 'Solana transaction failed';
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
