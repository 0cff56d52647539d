import fc from 'fast-check';
import { perpCostAllowanceRaw, perpLimitPrice, perpMaxMarginRaw, perpOpenSize } from './perp-sizing';

const btc = { coin: 'BTC', szDecimals: 5, maxLeverage: 40 };

describe('perp sizing', () => {
  it('limits buys 1% above the mark rounded down, sells 1% below rounded up, on the venue grid', () => {
    expect(perpLimitPrice('90000', 'buy', btc)).toBe('90900');
    expect(perpLimitPrice('90000', 'sell', btc)).toBe('89100');
    expect(perpLimitPrice('1234.567', 'buy', { coin: 'X', szDecimals: 2, maxLeverage: 5 })).toBe('1246.9');
    expect(perpLimitPrice('1234.567', 'sell', { coin: 'X', szDecimals: 2, maxLeverage: 5 })).toBe('1222.3');
  });

  it('sizes margin × leverage at the mark, rounded down to the coin decimals', () => {
    expect(perpOpenSize(100_000_000n, 6, 5, '90000', btc)).toBe('0.00555');
    expect(perpOpenSize(1n, 6, 1, '90000', btc)).toBe('0');
  });

  it('makes max the largest margin whose cost allowance still fits', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.integer({ min: 1, max: 100 }),
        (available, leverage) => {
          const margin = perpMaxMarginRaw(available, leverage);
          expect(margin).toBeGreaterThanOrEqual(0n);
          expect(margin + perpCostAllowanceRaw(margin, leverage)).toBeLessThanOrEqual(available);
          const more = margin + 1n;
          expect(more + perpCostAllowanceRaw(more, leverage)).toBeGreaterThan(available);
        },
      ),
    );
  });
});
