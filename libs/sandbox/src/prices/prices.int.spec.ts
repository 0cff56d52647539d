import { ManualClock } from '@vetted/kernel';
import { Dec, PriceUnavailable } from '@vetted/venues';
import { ETH, sandboxFixture } from '../testing/sandbox-fixture';
import { USDC_ADDRESSES } from '../tokens/token-registry';

const fixture = sandboxFixture();
const eth = { network: 'ethereum', token: null } as const;
const start = '2026-11-21T10:00:00.000Z';

describe('sandbox prices', () => {
  it('walk deterministically from the seed as sandbox time advances', async () => {
    const a = fixture.open({ seed: 'alpha', clock: new ManualClock(start) }).sandbox;
    const b = fixture.open({ seed: 'alpha', clock: new ManualClock(start) }).sandbox;
    const c = fixture.open({ seed: 'beta', clock: new ManualClock(start) }).sandbox;
    const seen: string[][] = [];
    for (let minute = 0; minute < 5; minute++) {
      seen.push(await Promise.all([a, b, c].map(async (s) => (await s.prices.price(eth)).usd)));
      await Promise.all([a, b, c].map((s) => s.advanceClock(60)));
    }
    expect(seen[0]).toEqual(['3000', '3000', '3000']);
    expect(seen.map((row) => row[0])).toEqual(seen.map((row) => row[1]));
    expect(seen.slice(1).some((row) => row[0] !== row[2])).toBe(true);
    expect(new Set(seen.map((row) => row[0])).size).toBeGreaterThan(1);
  });

  it('gives the same asset on several networks (and its perp) one price; stablecoins stay at 1', async () => {
    const { sandbox } = fixture.open();
    await sandbox.advanceClock(3600);
    const [onEthereum, onBase, perp, usdc] = await sandbox.prices.prices([
      eth,
      { network: 'base', token: null },
      { network: 'perps', token: 'ETH' },
      { network: 'ethereum', token: USDC_ADDRESSES.ethereum.toLowerCase() },
    ]);
    expect(onEthereum.ok && onBase.ok && perp.ok && usdc.ok).toBe(true);
    if (!onEthereum.ok || !onBase.ok || !perp.ok || !usdc.ok) return;
    expect(onBase.price.usd).toBe(onEthereum.price.usd);
    expect(perp.price.usd).toBe(onEthereum.price.usd);
    expect(usdc.price).toMatchObject({ usd: '1', asset: { token: USDC_ADDRESSES.ethereum } });
  });

  it('carries updatedAt and a 5-minute expiresAt, and tells a missing price from an expired one', async () => {
    const { sandbox } = fixture.open();
    await sandbox.advanceClock(90);
    const price = await sandbox.prices.price(eth);
    expect(price.updatedAt).toBe('2026-11-21T10:01:00.000Z');
    expect(price.expiresAt).toBe('2026-11-21T10:06:00.000Z');

    await sandbox.expirePrice(eth);
    const expired = await sandbox.prices.price(eth).catch((e: unknown) => e);
    expect(expired).toBeInstanceOf(PriceUnavailable);
    expect(expired).toMatchObject({ reason: 'expired', expiredAt: '2026-11-21T10:01:30.000Z' });
    await sandbox.advanceClock(600);
    await expect(sandbox.prices.price({ network: 'base', token: null })).rejects.toMatchObject({
      reason: 'expired',
    });

    await expect(
      sandbox.prices.price({ network: 'ethereum', token: '0x' + '1'.repeat(40) }),
    ).rejects.toMatchObject({
      reason: 'missing',
    });
    const [lookup] = await sandbox.prices.prices([
      { network: 'solana', token: 'NoSuchMint111111111111111111111111111111111' },
    ]);
    expect(lookup).toMatchObject({ ok: false, reason: 'missing' });

    const set = await sandbox.setPrice(eth, '2500.5');
    expect(set).toMatchObject({ usd: '2500.5', updatedAt: '2026-11-21T10:11:30.000Z' });
    await sandbox.advanceClock(60);
    expect((await sandbox.prices.price(eth)).usd).not.toBe('2500.5');
    await expect(sandbox.setPrice(eth, '-1')).rejects.toThrow(RangeError);
  });

  it('keeps the DEX near the oracle: the arbitrageur trades pools back when the price moves', async () => {
    const { sandbox } = fixture.open();
    const request = {
      from: eth,
      to: { network: 'ethereum', token: USDC_ADDRESSES.ethereum },
      amountInRaw: ETH,
    } as const;
    const before = await sandbox.quoter.quote(request);
    expect(Number(before.amountOutRaw) / 1e6).toBeGreaterThan(2985);
    await sandbox.setPrice(eth, '2000');
    const after = await sandbox.quoter.quote(request);
    const perEth = new Dec(after.amountOutRaw.toString()).div(1e6);
    expect(perEth.gt(1990) && perEth.lt(2000)).toBe(true);
    expect(after.feeRaw).toBe((ETH * 30n) / 10_000n);
  });
});
