import fc from 'fast-check';
import { Dec } from '@vetted/venues';
import { amountOut, isqrt, oracleReserves } from './constant-product';

describe('amountOut', () => {
  it('follows x*y=k with the fee kept by the pool', () => {
    // 1000 in against 1_000_000/1_000_000 with 0.3%: 997*1e6/(1e6*1+997) rounded down.
    expect(amountOut(1_000_000n, 1_000_000n, 1000n, 30)).toBe(996n);
    expect(amountOut(1_000_000n, 1_000_000n, 0n, 30)).toBe(0n);
  });

  it('never drains the pool and never lowers k', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        fc.bigInt({ min: 1n, max: 10n ** 32n }),
        fc.integer({ min: 0, max: 100 }),
        (x, y, dx, fee) => {
          const dy = amountOut(x, y, dx, fee);
          expect(dy).toBeGreaterThanOrEqual(0n);
          expect(dy).toBeLessThan(y);
          expect((x + dx) * (y - dy)).toBeGreaterThanOrEqual(x * y);
        },
      ),
    );
  });
});

describe('isqrt', () => {
  it('is the exact floor square root', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 80n }), (n) => {
        const r = isqrt(n);
        expect(r * r <= n && (r + 1n) * (r + 1n) > n).toBe(true);
      }),
    );
  });
});

describe('oracleReserves', () => {
  it('moves the pool to the oracle price keeping k', () => {
    // ETH (18) at 3000 against USDC (6) at 1, starting at a 2000 price.
    const eth = 1000n * 10n ** 18n;
    const usdc = 2_000_000n * 10n ** 6n;
    const [a, b] = oracleReserves(eth, usdc, new Dec(3000), new Dec(1), 18, 6);
    const price = new Dec(b.toString()).div(1e6).div(new Dec(a.toString()).div(1e18));
    expect(price.minus(3000).abs().lt('0.001')).toBe(true);
    expect(a * b).toBeLessThanOrEqual(eth * usdc);
    expect(Number(((eth * usdc - a * b) * 10n ** 9n) / (eth * usdc))).toBeLessThan(1);
  });
});
