import type { PerpOrderResult } from '@vetted/venues';
import type { LegReceipt } from '../domain/events';
import { iocReceipt, nothingFilled, perpsUsdcMove } from './ioc-order-outcome';
import type { LegOutcome } from './leg-outcome';

/**
 * A perp order as the leg reports it. An IOC order settles with whatever it filled; one that
 * filled nothing moved nothing, so it fails before effect: the book had moved past its limit.
 */
export function perpOrderOutcome(result: PerpOrderResult, address: string): LegOutcome {
  if (result.status === 'unfilled' && result.feeRaw === 0n && result.realizedPnlRaw === 0n)
    return nothingFilled(result.side, result);
  const fill = { venue: 'perps' as const, realizedPnlRaw: result.realizedPnlRaw.toString() };
  return { kind: 'settled', receipt: iocReceipt(result, perpTransfers(result, address), fill) };
}

/** The venue is the other side of the realized PnL and takes the fee; its port does not name it (null). */
function perpTransfers(result: PerpOrderResult, address: string): LegReceipt['transfers'] {
  const usdc = perpsUsdcMove;
  const pnl = result.realizedPnlRaw;
  return [
    ...(pnl > 0n ? [usdc(null, address, pnl, 'value')] : []),
    ...(pnl < 0n ? [usdc(address, null, -pnl, 'value')] : []),
    ...(result.feeRaw > 0n ? [usdc(address, null, result.feeRaw, 'fee')] : []),
  ];
}
