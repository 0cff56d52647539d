import type { PerpCoin } from '@vetted/venues';

export interface SandboxPerpCoin extends PerpCoin {
  /** The price series the coin's mark follows. */
  series: string;
  /** USD value offered at each level of each side of the book. */
  levelNotionalUsd: string;
}

export const PERP_COINS: readonly SandboxPerpCoin[] = [
  { coin: 'BTC', szDecimals: 5, maxLeverage: 40, series: 'BTC', levelNotionalUsd: '250000' },
  { coin: 'ETH', szDecimals: 4, maxLeverage: 25, series: 'ETH', levelNotionalUsd: '150000' },
  { coin: 'SOL', szDecimals: 2, maxLeverage: 20, series: 'SOL', levelNotionalUsd: '75000' },
  { coin: 'DOGE', szDecimals: 0, maxLeverage: 10, series: 'DOGE', levelNotionalUsd: '25000' },
];

/** Leverage of a coin's position until an order names another (capped at the coin's maximum). */
export const DEFAULT_PERP_LEVERAGE = 10;
/** Taker fee on filled notional. */
export const PERP_TAKER_FEE = '0.00045';
export const BOOK_LEVELS = 10;
/** Half-spread of the best level and the distance between levels, as fractions of the mark. */
export const BOOK_HALF_SPREAD = '0.0002';
export const BOOK_LEVEL_STEP = '0.0005';

export function perpCoin(coin: string): SandboxPerpCoin | null {
  return PERP_COINS.find((c) => c.coin === coin) ?? null;
}

export function defaultLeverage(coin: PerpCoin): number {
  return Math.min(DEFAULT_PERP_LEVERAGE, coin.maxLeverage);
}
