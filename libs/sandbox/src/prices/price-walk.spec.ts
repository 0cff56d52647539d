import { Dec } from '@vetted/venues';
import { PriceWalk } from './price-walk';

const walk = (stream = 7, vol = '0.01') => new PriceWalk(stream, new Dec(100), 1000, new Dec(vol));

describe('PriceWalk', () => {
  it('is a function of the step: any order of questions gets the same answers', () => {
    const forward = walk();
    const values = [1001, 1010, 1500, 2000].map((s) => forward.priceAt(s).toFixed());
    const backward = walk();
    const reversed = [2000, 1500, 1010, 1001].map((s) => backward.priceAt(s).toFixed()).reverse();
    expect(reversed).toEqual(values);
    expect(new Set(values).size).toBe(4);
  });

  it('starts at its anchor, stays there with no volatility, and differs by stream', () => {
    expect(walk().priceAt(1000).toFixed()).toBe('100');
    expect(walk().priceAt(900).toFixed()).toBe('100');
    expect(walk(7, '0').priceAt(5000).toFixed()).toBe('100');
    expect(walk(8).priceAt(1100).eq(walk(7).priceAt(1100))).toBe(false);
  });

  it('moves about as much as its volatility says', () => {
    const w = walk(42, '0.001');
    const moves: number[] = [];
    let previous = w.priceAt(1000);
    for (let s = 1001; s <= 1800; s++) {
      const next = w.priceAt(s);
      moves.push(Math.log(Number(next.div(previous))));
      previous = next;
    }
    const sd = Math.sqrt(moves.reduce((sum, m) => sum + m * m, 0) / moves.length);
    expect(sd).toBeGreaterThan(0.0008); // test-only statistics in floats
    expect(sd).toBeLessThan(0.0012);
  });
});
