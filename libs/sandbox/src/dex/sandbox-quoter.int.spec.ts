import { Dec, QuoteFailed, sameAsset, type ChainTx } from '@vetted/venues';
import { ETH, USDC, evm, id, sandboxFixture } from '../testing/sandbox-fixture';
import { USDC_ADDRESSES, WBTC_ETHEREUM } from '../tokens/token-registry';
import type { World } from '../world/world';
import { routeBetween } from './routes';

const fixture = sandboxFixture();
const ethOnBase = { network: 'base', token: null } as const;
const usdcOnBase = { network: 'base', token: USDC_ADDRESSES.base } as const;

describe('SandboxQuoter', () => {
  it('quotes with the pool fee in the input token and a price impact that grows with size', async () => {
    const { sandbox } = fixture.open();
    const small = await sandbox.quoter.quote({ from: ethOnBase, to: usdcOnBase, amountInRaw: ETH });
    const large = await sandbox.quoter.quote({ from: ethOnBase, to: usdcOnBase, amountInRaw: 1000n * ETH });
    expect(small).toMatchObject({
      feeRaw: (ETH * 30n) / 10_000n,
      approvalSpender: null,
      route: { source: 'base', destination: 'base' },
    });
    expect(new Dec(small.priceImpact).lt('0.0005')).toBe(true);
    expect(new Dec(large.priceImpact).gt('0.1')).toBe(true);
    expect(large.amountOutRaw * 1000n).toBeLessThan(small.amountOutRaw * 1000n * 1000n);
    expect(small.quotedAt).toBe(sandbox.now().toISOString());
  });

  it('routes any two registered assets, across networks, through USDC and the bridges', async () => {
    const { sandbox } = fixture.open();
    const quote = await sandbox.quoter.quote({
      from: { network: 'ethereum', token: WBTC_ETHEREUM },
      to: { network: 'solana', token: null },
      amountInRaw: 100_000_000n,
    });
    expect(quote.route.path.map((a) => `${a.network}:${a.token === null ? 'native' : 'token'}`)).toEqual([
      'ethereum:token',
      'ethereum:token',
      'solana:token',
      'solana:native',
    ]);
    expect(quote.approvalSpender).toMatch(/^0x[0-9a-fA-F]{40}$/);
    // 1 BTC (90000 USD) for SOL at 150: about 600 SOL before three fees and the impact on $20M pools.
    const sol = new Dec(quote.amountOutRaw.toString()).div(1e9);
    expect(sol.gt(585) && sol.lt(600)).toBe(true);
  });

  it('states the fee and the price impact exactly, over one hop and over several', async () => {
    const { sandbox } = fixture.open();
    const world = (sandbox as unknown as { world: World }).world;
    const cases = [
      { from: ethOnBase, to: usdcOnBase, amountInRaw: 250n * ETH },
      {
        from: { network: 'ethereum', token: WBTC_ETHEREUM },
        to: { network: 'solana', token: null },
        amountInRaw: 7n * 100_000_000n,
      },
    ] as const;
    for (const request of cases) {
      const quote = await sandbox.quoter.quote(request);
      // The reference, in 50-digit decimals: 1 − out / (in × Π(reserveOut / reserveIn) × Π(1 − fee)).
      let noImpact = new Dec(request.amountInRaw.toString());
      let kept = new Dec(1);
      for (const hop of routeBetween(request.from, request.to)!) {
        const reserves = world.dex.reserves.expected(hop.pool, world.clock.nowMs());
        const [reserveIn, reserveOut] = sameAsset(hop.input, hop.pool.a)
          ? reserves
          : [reserves[1], reserves[0]];
        noImpact = noImpact.times(reserveOut.toString()).div(reserveIn.toString());
        kept = kept.times(10_000 - hop.pool.feeBps).div(10_000);
      }
      const impact = new Dec(1).minus(new Dec(quote.amountOutRaw.toString()).div(noImpact.times(kept)));
      expect(quote.priceImpact).toBe(impact.toDecimalPlaces(8, Dec.ROUND_HALF_UP).toFixed());
      expect(new Dec(quote.priceImpact).gt(0)).toBe(true);
      expect(quote.feeRaw).toBe(
        request.amountInRaw - BigInt(kept.times(request.amountInRaw.toString()).toFixed(0, Dec.ROUND_DOWN)),
      );
    }
  });

  it('prices a pool from the oracle version and the reserves of the moment, reusing neither across a change', async () => {
    const { sandbox } = fixture.open();
    const world = (sandbox as unknown as { world: World }).world;
    const [hop] = routeBetween(ethOnBase, usdcOnBase)!;
    const expected = () => world.dex.reserves.expected(hop.pool, world.clock.nowMs());
    const quoteOneEth = async () =>
      (await sandbox.quoter.quote({ from: ethOnBase, to: usdcOnBase, amountInRaw: ETH })).amountOutRaw;

    // A pool nobody swapped against since the price moved is priced at the oracle's target, each
    // time the same one while neither the price nor the reserves move.
    await sandbox.setPrice(ethOnBase, '2000');
    const first = expected();
    expect(expected()).toBe(first);
    const at2000 = await quoteOneEth();
    expect(Number(at2000) / 1e6).toBeCloseTo(2000 * 0.997, -1);

    // A new price is a new oracle version: a new target.
    await sandbox.setPrice(ethOnBase, '3000');
    expect(expected()).not.toEqual(first);
    expect(Number(await quoteOneEth()) / 1e6).toBeCloseTo(3000 * 0.997, -1);

    // Back to the first price at a later revision: the same reserves as before, computed again.
    await sandbox.setPrice(ethOnBase, '2000');
    expect(expected()).toEqual(first);
    expect(expected()).not.toBe(first);
    expect(await quoteOneEth()).toBe(at2000);
  });

  it('refuses what cannot be quoted, with a reason', async () => {
    const { sandbox } = fixture.open();
    const outcome = (await sandbox.markets())[0].outcomes[0].asset;
    await expect(
      sandbox.quoter.quote({ from: outcome, to: usdcOnBase, amountInRaw: 1n }),
    ).rejects.toMatchObject({
      reason: 'unknown_token',
    });
    await expect(
      sandbox.quoter.quote({ from: ethOnBase, to: ethOnBase, amountInRaw: 1n }),
    ).rejects.toMatchObject({
      reason: 'same_asset',
    });
    await expect(
      sandbox.quoter.quote({ from: ethOnBase, to: usdcOnBase, amountInRaw: 0n }),
    ).rejects.toBeInstanceOf(QuoteFailed);
    await expect(
      sandbox.quoter.quote({ from: ethOnBase, to: usdcOnBase, amountInRaw: 1n }),
    ).rejects.toMatchObject({
      reason: 'insufficient_liquidity',
    });
  });

  it('executes at the pool state of execution: a swap in between worsens the next one, until prices move', async () => {
    const { sandbox } = fixture.open();
    const [alice, whale] = [evm(), evm()];
    await sandbox.faucet('base', alice, null, 2n * ETH);
    await sandbox.faucet('base', whale, null, 2000n * ETH);
    const swap = (from: string, amountInRaw: bigint): ChainTx => ({
      kind: 'swap',
      submissionId: id(),
      network: 'base',
      from,
      tokenIn: null,
      assetOut: usdcOnBase,
      amountInRaw,
      minAmountOutRaw: 0n,
    });
    const quote = await sandbox.quoter.quote({ from: ethOnBase, to: usdcOnBase, amountInRaw: ETH });
    await sandbox.chain.submit(swap(whale, 1000n * ETH));
    const worse = await sandbox.quoter.quote({ from: ethOnBase, to: usdcOnBase, amountInRaw: ETH });
    expect(worse.amountOutRaw).toBeLessThan((quote.amountOutRaw * 9n) / 10n);

    await sandbox.chain.submit(swap(alice, ETH));
    expect(await sandbox.chain.balance('base', alice, USDC_ADDRESSES.base)).toBe(worse.amountOutRaw);

    await sandbox.advanceClock(60);
    const recovered = await sandbox.quoter.quote({ from: ethOnBase, to: usdcOnBase, amountInRaw: ETH });
    expect(recovered.amountOutRaw).toBeGreaterThan(2900n * USDC);
  });
});
