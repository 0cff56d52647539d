import { Dec } from '@vetted/venues';

/**
 * Reference rule 14: perp-venue orders bound their deviation from the live price by a slippage,
 * `1` percent when omitted. Shape A intents carry no slippage, so the default always applies; the
 * prediction venue's orders take the same bound (its minimum shares or proceeds).
 */
export const DEFAULT_SLIPPAGE_PERCENT = '1';
export const DEFAULT_SLIPPAGE = new Dec(DEFAULT_SLIPPAGE_PERCENT).div(100);
