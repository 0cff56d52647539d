import type { PerpCoin } from '@vetted/venues';
import { Dec, roundPerpSize } from '@vetted/venues';
import type { FieldProblems } from '../../preparation/field-problems';
import { perpOpenSize } from '../../preparation/perp-sizing';
import { DEFAULT_PERP_OPEN_LEVERAGE } from '../../preparation/prepare-perp-open';
import type { PerpOpenIntentB, PerpOpenSizing } from '../intent';
import { at } from '../intent/intent-arm';

/**
 * The leverage of a Shape B open. Without one it is 1, except for margin sizing (rule 12): there
 * the exposure multiple rounded up, the least whole leverage at which the position holds no more
 * than `marginUsdc` as initial margin. A given leverage must not exceed the coin's cap, and with
 * margin sizing must reach the exposure multiple (lower, the position would tie up more margin than
 * the caller named). An exposure above the coin's cap cannot be had at any leverage: refused at
 * `intent.exposureMultiple`. Null when a problem was added.
 */
export function openLeverage(
  intent: PerpOpenIntentB,
  coin: PerpCoin,
  problems: FieldProblems,
): number | null {
  const { sizing, leverage } = intent;
  const before = problems.count;
  if (leverage !== undefined && leverage > coin.maxLeverage)
    problems.add(at('leverage'), `must be at most ${coin.maxLeverage} for ${coin.coin}`);
  if (sizing.kind !== 'margin')
    return problems.count > before ? null : (leverage ?? DEFAULT_PERP_OPEN_LEVERAGE);
  const exposure = new Dec(sizing.exposureMultiple);
  if (exposure.gt(coin.maxLeverage)) {
    problems.add(
      at('exposureMultiple'),
      `must be at most ${coin.maxLeverage}, the highest leverage ${coin.coin} allows`,
    );
    return null;
  }
  if (leverage !== undefined && exposure.gt(leverage))
    problems.add(
      at('leverage'),
      `must be at least the exposureMultiple ${sizing.exposureMultiple}: a lower leverage would hold more than marginUsdc as margin`,
    );
  if (problems.count > before) return null;
  return leverage ?? Math.max(1, exposure.ceil().toNumber());
}

/** What sizing an open needs besides the intent: the coin, its mark and USD price, the margin in raw USDC. */
export interface OpenSizingInputs {
  coin: PerpCoin;
  markPx: string;
  /** The service's USD price of the coin (rule 13: `valueUsd` is sized at it). */
  coinUsd: Dec;
  usdcDecimals: number;
  /** `marginUsdc` in raw USDC (margin sizing only). */
  marginRaw: bigint | null;
}

/**
 * The order size in coin units, rounded down to the coin's size decimals: `size` as given,
 * `valueUsd` at the service's USD price, or margin × exposure multiple at the mark. A size that
 * rounds to nothing is a problem at the sizing field (null).
 */
export function openSize(
  sizing: PerpOpenSizing,
  inputs: OpenSizingInputs,
  problems: FieldProblems,
): string | null {
  const { coin } = inputs;
  const [size, field] = sized(sizing, inputs);
  if (size !== '0') return size;
  const step = new Dec(1).div(new Dec(10).pow(coin.szDecimals)).toFixed();
  problems.add(at(field), `gives less than the smallest ${coin.coin} size (${step}); sizes are rounded down`);
  return null;
}

function sized(sizing: PerpOpenSizing, inputs: OpenSizingInputs): [string, string] {
  const { coin, markPx, coinUsd, usdcDecimals, marginRaw } = inputs;
  switch (sizing.kind) {
    case 'size':
      return [roundPerpSize(sizing.size, coin), 'size'];
    case 'valueUsd':
      return [roundPerpSize(new Dec(sizing.usd).div(coinUsd), coin), 'valueUsd'];
    case 'margin':
      return [perpOpenSize(marginRaw!, usdcDecimals, sizing.exposureMultiple, markPx, coin), 'marginUsdc'];
  }
}
