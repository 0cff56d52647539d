import fc from 'fast-check';
import type { AssetId, PriceReader } from '@vetted/venues';
import { formatUnits } from '@vetted/venues';
import { UsdPrices, usdString } from './usd-prices';

const ASSET: AssetId & { symbol: string } = { network: 'base', token: null, symbol: 'ETH' };

function readerOf(usd: string): PriceReader {
  const price = {
    asset: ASSET,
    usd,
    updatedAt: '2026-11-21T00:00:00.000Z',
    expiresAt: '2026-11-21T00:05:00.000Z',
  };
  return {
    price: async () => price,
    prices: async (assets) => assets.map(() => ({ ok: true as const, price })),
  };
}

describe('UsdPrices.valueOf', () => {
  it('values raw amounts exactly as the decimal review arithmetic does: cents, half to even', async () => {
    const price = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.integer({ min: 0, max: 12 }))
      .map(([digits, scale]) => formatUnits(digits, scale));
    await fc.assert(
      fc.asyncProperty(
        price,
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.integer({ min: 0, max: 18 }),
        async (usd, raw, decimals) => {
          const prices = await UsdPrices.read(readerOf(usd), [ASSET]);
          const reference = usdString(prices.of(ASSET)!.times(formatUnits(raw, decimals)));
          expect(prices.valueOf(ASSET, raw, decimals)).toBe(reference);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('rounds exact halves of a cent to the even cent', async () => {
    const prices = await UsdPrices.read(readerOf('1'), [ASSET]);
    expect(prices.valueOf(ASSET, 150n, 4)).toBe('0.02'); // 1.5 cents
    expect(prices.valueOf(ASSET, 250n, 4)).toBe('0.02'); // 2.5 cents
    expect(prices.valueOf(ASSET, 350n, 4)).toBe('0.04'); // 3.5 cents
    expect(prices.valueOf(ASSET, 251n, 4)).toBe('0.03');
    expect(prices.valueOf(ASSET, 1_500_000n, 6)).toBe('1.50');
    expect(prices.valueOf(ASSET, 0n, 6)).toBe('0.00');
  });

  it('has no value for an asset it read no price of', async () => {
    const prices = await UsdPrices.read(readerOf('3000'), [ASSET]);
    expect(
      prices.valueOf({ network: 'base', token: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' }, 1n, 6),
    ).toBeNull();
  });
});
