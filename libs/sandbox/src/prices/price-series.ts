/**
 * The price series of the world. Assets that are the same thing on several networks (ETH on
 * ethereum, base and arbitrum, and the ETH perp) follow one series. `vol` is the standard deviation
 * of one step's relative move.
 */
export interface SeriesSpec {
  series: string;
  initialUsd: string;
  vol: string;
}

export const PRICE_STEP_MS = 60_000;
/** A price may be used for this long after its update. */
export const PRICE_TTL_MS = 5 * 60_000;

export const SERIES: readonly SeriesSpec[] = [
  { series: 'USD', initialUsd: '1', vol: '0' },
  { series: 'ETH', initialUsd: '3000', vol: '0.0012' },
  { series: 'BTC', initialUsd: '90000', vol: '0.001' },
  { series: 'SOL', initialUsd: '150', vol: '0.002' },
  { series: 'POL', initialUsd: '0.25', vol: '0.002' },
  { series: 'DOGE', initialUsd: '0.15', vol: '0.0025' },
];

/** Prediction outcomes walk as weights that are normalized per market. */
export const OUTCOME_VOL = '0.004';
export const outcomeSeries = (tokenId: string): string => `outcome:${tokenId}`;

export function seriesVol(series: string): string {
  if (series.startsWith('outcome:')) return OUTCOME_VOL;
  const spec = SERIES.find((s) => s.series === series);
  if (!spec) throw new Error(`unknown price series ${series}`);
  return spec.vol;
}
