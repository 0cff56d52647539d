import { extend } from '@vetted/kernel';
import type { PerpOrderResult, SpotOrderResult } from '@vetted/venues';
import type { LegReceipt } from '../domain/events';
import type { PerpLegFill, SpotLegFill } from './leg-fill';
import type { ExecutedReceipt, LegFailure } from './leg-outcome';

/** Margin and the spot quote on `perps` are USDC, whose token id on that network is its symbol. */
const PERPS_USDC = 'USDC';

/** An immediate-or-cancel order on the perp venue, perp or spot. */
type IocResult = PerpOrderResult | SpotOrderResult;

/**
 * An IOC order that filled nothing moved nothing, so it fails before effect: the book had moved
 * past its limit. The limit is never widened and nothing is resubmitted (rule 14).
 */
export function nothingFilled(what: string, result: IocResult): LegFailure {
  return {
    kind: 'failed',
    code: 'SLIPPAGE_EXCEEDED',
    error: `the ${what} of ${result.size} ${result.coin} found nothing at ${result.limitPx} or better; nothing filled`,
    effect: 'none',
  };
}

/** A USDC movement on `perps`; the venue's port does not name its own side (null). */
export function perpsUsdcMove(
  from: string | null,
  to: string | null,
  amountRaw: bigint,
  purpose: 'value' | 'fee',
): LegReceipt['transfers'][number] {
  return { network: 'perps', token: PERPS_USDC, from, to, amountRaw: amountRaw.toString(), purpose };
}

/** The receipt of a settled IOC order; `fill` adds the order kind's own fields. */
export function iocReceipt(
  result: IocResult,
  transfers: LegReceipt['transfers'],
  fill: Pick<PerpLegFill, 'venue' | 'realizedPnlRaw'> | Pick<SpotLegFill, 'venue' | 'quoteRaw' | 'balance'>,
): ExecutedReceipt {
  return {
    hash: result.hash,
    network: 'perps',
    status: 'success',
    blockNumber: result.blockNumber,
    feeRaw: result.feeRaw.toString(),
    transfers,
    fill: extend(fill, {
      coin: result.coin,
      side: result.side,
      status: result.status === 'filled' ? 'filled' : 'partiallyFilled',
      size: result.size,
      limitPx: result.limitPx,
      filledSize: result.filledSize,
      avgPx: result.avgPx,
      fills: result.fills.map(({ px, size }) => ({ px, size })),
    }),
  };
}
