import type { SpotOrderResult } from '@vetted/venues';
import { iocReceipt, nothingFilled, perpsUsdcMove } from './ioc-order-outcome';
import type { LegOutcome } from './leg-outcome';

/**
 * A spot order as the leg reports it, as `perpOrderOutcome` does for perp orders: an IOC order
 * settles with whatever it filled (a partial fill with its filled size), and one that filled
 * nothing moved nothing, so it fails before effect with `SLIPPAGE_EXCEEDED`.
 *
 * The receipt's transfers are the USDC movements only (the payment or proceeds, and the fee): the
 * coins are spot balances on the venue, not tokens any chain observation would see, so they are
 * reported in the `fill` (`filledSize`, `balance`) and not as a transfer.
 */
export function spotOrderOutcome(result: SpotOrderResult, address: string): LegOutcome {
  if (result.status === 'unfilled' && result.feeRaw === 0n && result.quoteRaw === 0n)
    return nothingFilled(`spot ${result.side}`, result);
  const { quoteRaw, feeRaw } = result;
  const transfers = [
    ...(quoteRaw > 0n && result.side === 'buy' ? [perpsUsdcMove(address, null, quoteRaw, 'value')] : []),
    ...(quoteRaw > 0n && result.side === 'sell' ? [perpsUsdcMove(null, address, quoteRaw, 'value')] : []),
    ...(feeRaw > 0n ? [perpsUsdcMove(address, null, feeRaw, 'fee')] : []),
  ];
  const fill = { venue: 'perpsSpot' as const, quoteRaw: quoteRaw.toString(), balance: result.balance };
  return { kind: 'settled', receipt: iocReceipt(result, transfers, fill) };
}
