import { Dec } from '@vetted/venues';
import { noiseAt } from '../world/deterministic';

const SQRT3 = new Dec(3).sqrt();

/**
 * A multiplicative random walk with no stored generator state: the price at step k is
 * anchor × exp(vol × √3 × S / 1000), where S sums the counter-based noise (uniform integers in
 * [-1000, 1000]) of steps anchorStep+1..k. Any k gives the same answer whenever it is asked,
 * restarts included, and S is an exact integer sum (no float drift).
 */
export class PriceWalk {
  private step: number;
  private sum = 0;

  constructor(
    private readonly stream: number,
    readonly anchorUsd: Dec,
    readonly anchorStep: number,
    private readonly vol: Dec,
  ) {
    this.step = anchorStep;
  }

  priceAt(step: number): Dec {
    if (this.vol.isZero() || step <= this.anchorStep) return this.anchorUsd;
    if (step < this.step) {
      this.step = this.anchorStep;
      this.sum = 0;
    }
    for (let j = this.step + 1; j <= step; j++) this.sum += noiseAt(this.stream, j);
    this.step = step;
    const exponent = this.vol.times(SQRT3).times(this.sum).div(1000);
    return this.anchorUsd.times(exponent.exp()).toSignificantDigits(12);
  }
}
