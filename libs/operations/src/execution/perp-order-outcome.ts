import type { PerpOrderResult } from '@vetted/venues';
import type { LegReceipt } from '../domain/events';
import type { LegOutcome } from './leg-outcome';

/** Margin on `perps` is USDC, whose token id on that network is its symbol. */
const PERPS_USDC = 'USDC';

/**
 * A perp order as the leg reports it. An IOC order settles with whatever it filled; one that
 * filled nothing moved nothing, so it fails before effect: the book had moved past its limit.
 */
export function perpOrderOutcome(result: PerpOrderResult, address: string): LegOutcome {
  if (result.status === 'unfilled' && result.feeRaw === 0n && result.realizedPnlRaw === 0n)
    return {
      kind: 'failed',
      code: 'SLIPPAGE_EXCEEDED',
      error: `the ${result.side} of ${result.size} ${result.coin} found nothing at ${result.limitPx} or better; nothing filled`,
      effect: 'none',
    };
  return {
    kind: 'settled',
    receipt: {
      hash: result.hash,
      network: 'perps',
      status: 'success',
      blockNumber: null,
      feeRaw: result.feeRaw.toString(),
      transfers: perpTransfers(result, address),
      fill: {
        venue: 'perps',
        coin: result.coin,
        side: result.side,
        status: result.status === 'filled' ? 'filled' : 'partiallyFilled',
        size: result.size,
        limitPx: result.limitPx,
        filledSize: result.filledSize,
        avgPx: result.avgPx,
        fills: result.fills.map(({ px, size }) => ({ px, size })),
        realizedPnlRaw: result.realizedPnlRaw.toString(),
      },
    },
  };
}

/** The venue is the other side of the realized PnL and takes the fee; its port does not name it (null). */
function perpTransfers(result: PerpOrderResult, address: string): LegReceipt['transfers'] {
  const usdc = (from: string | null, to: string | null, amount: bigint, purpose: 'value' | 'fee') => ({
    network: 'perps',
    token: PERPS_USDC,
    from,
    to,
    amountRaw: amount.toString(),
    purpose,
  });
  const pnl = result.realizedPnlRaw;
  return [
    ...(pnl > 0n ? [usdc(null, address, pnl, 'value')] : []),
    ...(pnl < 0n ? [usdc(address, null, -pnl, 'value')] : []),
    ...(result.feeRaw > 0n ? [usdc(address, null, result.feeRaw, 'fee')] : []),
  ];
}
