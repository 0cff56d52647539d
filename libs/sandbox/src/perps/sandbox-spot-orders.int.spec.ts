import { SubmissionConflict, type SpotOrderRequest } from '@vetted/venues';
import { USDC, evm, id, sandboxFixture } from '../testing/sandbox-fixture';
import { PERP_HOUSE, feeSink } from '../world/sandbox-accounts';

const fixture = sandboxFixture();

async function trader(usdc: bigint) {
  const opened = fixture.open();
  const address = evm();
  await opened.sandbox.faucet('perps', address, 'USDC', usdc);
  const order = (fields: Partial<SpotOrderRequest>): SpotOrderRequest => ({
    submissionId: id(),
    address,
    coin: 'ETH',
    side: 'buy',
    size: '0.1',
    limitPx: '3100',
    ...fields,
  });
  const usdcOf = (holder: string) => opened.sandbox.chain.balance('perps', holder, 'USDC');
  return { ...opened, address, order, usdcOf };
}

describe('SandboxPerpVenue spot orders', () => {
  it('fills a buy at the best ask: USDC to the house, the fee to the fee sink, the coin to the spot balance', async () => {
    const { sandbox, address, order, usdcOf } = await trader(1000n * USDC);
    const [house, sink] = [await usdcOf(PERP_HOUSE), await usdcOf(feeSink('perps'))];
    const result = await sandbox.perps.placeSpotOrder(order({}));
    // 0.1 × 3000.6 = 300.06 USDC; fee 0.045% of it = 0.135027 USDC.
    expect(result).toMatchObject({
      coin: 'ETH',
      side: 'buy',
      status: 'filled',
      size: '0.1',
      limitPx: '3100',
      filledSize: '0.1',
      avgPx: '3000.6',
      fills: [{ px: '3000.6', size: '0.1' }],
      quoteRaw: 300_060_000n,
      feeRaw: 135_027n,
      balance: '0.1',
    });
    expect(result.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await usdcOf(address)).toBe(1000n * USDC - 300_060_000n - 135_027n);
    expect(await usdcOf(PERP_HOUSE)).toBe(house + 300_060_000n);
    expect(await usdcOf(feeSink('perps'))).toBe(sink + 135_027n);
    expect(await sandbox.perps.spotBalances(address)).toEqual([{ coin: 'ETH', total: '0.1' }]);
    expect((await sandbox.perps.account(address)).positions).toEqual([]);
  });

  it('fills a sell at the best bid, rounding the proceeds down and the fee up', async () => {
    const { sandbox, address, order, usdcOf } = await trader(1000n * USDC);
    await sandbox.perps.placeSpotOrder(order({}));
    const before = await usdcOf(address);
    const sell = await sandbox.perps.placeSpotOrder(order({ side: 'sell', size: '0.04', limitPx: '2900' }));
    // 0.04 × 2999.4 = 119.976 USDC; fee 0.0539892 → 0.053990.
    expect(sell).toMatchObject({
      status: 'filled',
      avgPx: '2999.4',
      quoteRaw: 119_976_000n,
      feeRaw: 53_990n,
    });
    expect(sell.balance).toBe('0.06');
    expect(await usdcOf(address)).toBe(before + 119_976_000n - 53_990n);
    expect(await sandbox.perps.spotBalances(address)).toEqual([{ coin: 'ETH', total: '0.06' }]);
  });

  it('fills only what the book offers within the limit, and fills nothing past it (no fee, nothing moves)', async () => {
    const { sandbox, address, order, usdcOf } = await trader(200_000n * USDC);
    const partial = await sandbox.perps.placeSpotOrder(order({ size: '60', limitPx: '3001' }));
    expect(partial).toMatchObject({
      status: 'partiallyFilled',
      size: '60',
      filledSize: '49.99',
      fills: [{ px: '3000.6', size: '49.99' }],
      balance: '49.99',
    });
    const before = await usdcOf(address);
    const unfilled = await sandbox.perps.placeSpotOrder(order({ size: '1', limitPx: '2900' }));
    expect(unfilled).toMatchObject({
      status: 'unfilled',
      filledSize: '0',
      avgPx: null,
      fills: [],
      quoteRaw: 0n,
      feeRaw: 0n,
      balance: '49.99',
    });
    expect(await usdcOf(address)).toBe(before);
  });

  it('rounds the limit to 5 significant figures (buys down, sells up) and the size down to szDecimals', async () => {
    const { sandbox, order } = await trader(1000n * USDC);
    const buy = await sandbox.perps.placeSpotOrder(order({ size: '0.123456', limitPx: '3001.2345' }));
    expect(buy).toMatchObject({ size: '0.1234', limitPx: '3001.2', balance: '0.1234' });
    const sell = await sandbox.perps.placeSpotOrder(
      order({ side: 'sell', size: '0.1234', limitPx: '2990.0001' }),
    );
    expect(sell).toMatchObject({ limitPx: '2990.1', balance: '0' });
  });

  it('refuses orders under 10 quote units (rounded size × rounded limit), and accepts one just above', async () => {
    // 0.00329 × 3040 is 10.0016, but the size rounds to 0.0032: 9.728.
    const { sandbox, order } = await trader(1000n * USDC);
    for (const bad of [{ size: '0.003' }, { size: '0.00001' }, { size: '0.00329', limitPx: '3040' }])
      await expect(sandbox.perps.placeSpotOrder(order(bad))).rejects.toMatchObject({
        reason: 'below_minimum',
      });
    expect((await sandbox.perps.placeSpotOrder(order({ size: '0.0033' }))).status).toBe('filled');
  });

  it('refuses a buy the withdrawable USDC cannot pay in the worst case, margin in use included', async () => {
    const { sandbox, order } = await trader(100n * USDC);
    await expect(sandbox.perps.placeSpotOrder(order({ size: '0.0323' }))).rejects.toMatchObject({
      reason: 'insufficient_funds',
    });
    // 0.0322 × 3100 = 99.82, + 0.044919 fee: fits 100 USDC.
    expect((await sandbox.perps.placeSpotOrder(order({ size: '0.0322' }))).status).toBe('filled');

    const margined = await trader(100n * USDC);
    await margined.sandbox.perps.placeOrder({
      ...margined.order({}),
      size: '0.1',
      reduceOnly: false,
      leverage: 5,
    });
    const { withdrawableRaw, balanceRaw } = await margined.sandbox.perps.account(margined.address);
    expect(withdrawableRaw).toBeLessThan(50n * USDC);
    expect(balanceRaw).toBeGreaterThan(99n * USDC);
    await expect(
      margined.sandbox.perps.placeSpotOrder(margined.order({ size: '0.02', limitPx: '3100' })),
    ).rejects.toMatchObject({ reason: 'insufficient_funds' });
  });

  it('refuses a sell beyond the spot balance', async () => {
    const { sandbox, order } = await trader(1000n * USDC);
    await expect(
      sandbox.perps.placeSpotOrder(order({ side: 'sell', limitPx: '2900' })),
    ).rejects.toMatchObject({
      reason: 'insufficient_funds',
    });
    await sandbox.perps.placeSpotOrder(order({}));
    await expect(
      sandbox.perps.placeSpotOrder(order({ side: 'sell', size: '0.1001', limitPx: '2900' })),
    ).rejects.toMatchObject({ reason: 'insufficient_funds' });
    expect((await sandbox.perps.placeSpotOrder(order({ side: 'sell', limitPx: '2900' }))).balance).toBe('0');
  });

  it('is idempotent by submission id, and looks orders up by it', async () => {
    const { sandbox, address, order } = await trader(1000n * USDC);
    const request = order({});
    const [a, b] = await Promise.all([
      sandbox.perps.placeSpotOrder(request),
      sandbox.perps.placeSpotOrder(request),
    ]);
    expect(b).toEqual(a);
    expect(await sandbox.perps.spotBalances(address)).toEqual([{ coin: 'ETH', total: '0.1' }]);
    await expect(sandbox.perps.placeSpotOrder({ ...request, size: '0.2' })).rejects.toBeInstanceOf(
      SubmissionConflict,
    );
    expect(await sandbox.perps.spotOrder(request.submissionId)).toEqual(a);
    expect(await sandbox.perps.spotOrder(id())).toBeNull();
    const perp = await sandbox.perps.placeOrder({ ...order({}), reduceOnly: false });
    expect(await sandbox.perps.spotOrder(perp.submissionId)).toBeNull();
    expect(await sandbox.perps.order(request.submissionId)).toBeNull();
  });

  it('keeps spot balances in the sandbox file across a reopen', async () => {
    const { sandbox, file, address, order } = await trader(1000n * USDC);
    const placed = await sandbox.perps.placeSpotOrder(
      order({ coin: 'BTC', size: '0.001', limitPx: '91000' }),
    );
    const reopened = await fixture.reopen(sandbox, file);
    expect(await reopened.perps.spotBalances(address)).toEqual([{ coin: 'BTC', total: '0.001' }]);
    expect(await reopened.perps.spotOrder(placed.submissionId)).toEqual(placed);
  });

  it("a buy's receipt shows the coins arriving from the house, in raw units of szDecimals", async () => {
    const { sandbox, address, order } = await trader(1000n * USDC);
    const buy = await sandbox.perps.placeSpotOrder(order({ size: '0.1234', limitPx: '3001.2345' }));
    const receipt = await sandbox.chain.receiptBySubmission(buy.submissionId);
    const usdc = { network: 'perps', token: 'USDC' };
    expect(receipt).toMatchObject({ kind: 'spotOrder', network: 'perps', status: 'success', hash: buy.hash });
    expect(receipt!.transfers).toEqual([
      { ...usdc, from: address, to: PERP_HOUSE, amountRaw: buy.quoteRaw, purpose: 'value' },
      // 0.1234 ETH at ETH's 4 size decimals.
      { network: 'perps', token: 'ETH', from: PERP_HOUSE, to: address, amountRaw: 1234n, purpose: 'value' },
      { ...usdc, from: address, to: feeSink('perps'), amountRaw: buy.feeRaw, purpose: 'fee' },
    ]);
    // The explorer describes the coin as the token directory does.
    const page = await sandbox.transaction(buy.hash);
    expect(page!.transfers[1]).toMatchObject({ token: 'ETH', symbol: 'ETH', decimals: 4, amount: '0.1234' });
  });

  it("a sell's receipt shows the coins leaving to the house; an unfilled order moves none", async () => {
    const { sandbox, address, order } = await trader(1000n * USDC);
    await sandbox.perps.placeSpotOrder(order({ coin: 'DOGE', size: '300', limitPx: '0.16' }));
    const sell = await sandbox.perps.placeSpotOrder(
      order({ coin: 'DOGE', side: 'sell', size: '120', limitPx: '0.14' }),
    );
    expect(sell).toMatchObject({ status: 'filled', balance: '180' });
    const receipt = await sandbox.chain.receiptBySubmission(sell.submissionId);
    expect(receipt!.transfers).toEqual([
      {
        network: 'perps',
        token: 'USDC',
        from: PERP_HOUSE,
        to: address,
        amountRaw: sell.quoteRaw,
        purpose: 'value',
      },
      // DOGE has no size decimals: 120 coins are 120 raw units.
      { network: 'perps', token: 'DOGE', from: address, to: PERP_HOUSE, amountRaw: 120n, purpose: 'value' },
      {
        network: 'perps',
        token: 'USDC',
        from: address,
        to: feeSink('perps'),
        amountRaw: sell.feeRaw,
        purpose: 'fee',
      },
    ]);
    const unfilled = await sandbox.perps.placeSpotOrder(
      order({ coin: 'DOGE', side: 'sell', size: '100', limitPx: '0.2' }),
    );
    expect(unfilled.status).toBe('unfilled');
    expect((await sandbox.chain.receiptBySubmission(unfilled.submissionId))!.transfers).toEqual([]);
  });

  it("lists the address's spot coins among its balances on perps, exact in raw units, priced at the mark", async () => {
    const { sandbox, address, order } = await trader(1000n * USDC);
    expect((await sandbox.chain.balances('perps', address)).balances).toEqual([
      { network: 'perps', token: 'USDC', amountRaw: 1000n * USDC },
    ]);
    await sandbox.perps.placeSpotOrder(order({ size: '0.0371' }));
    await sandbox.perps.placeSpotOrder(order({ coin: 'DOGE', size: '301', limitPx: '0.16' }));
    const usdc = await sandbox.chain.balance('perps', address, 'USDC');
    expect((await sandbox.chain.balances('perps', address)).balances).toEqual([
      { network: 'perps', token: 'USDC', amountRaw: usdc },
      { network: 'perps', token: 'DOGE', amountRaw: 301n },
      { network: 'perps', token: 'ETH', amountRaw: 371n },
    ]);
    expect(await sandbox.chain.balance('perps', address, 'ETH')).toBe(371n);
    expect(await sandbox.chain.balance('perps', address, 'BTC')).toBe(0n);
    // Other networks never show them: the coins are the venue's.
    expect((await sandbox.chain.balances('arbitrum', address)).balances).toEqual([]);

    // The token directory describes them (symbol = coin, decimals = szDecimals) and the price reader
    // prices them at the venue's mark.
    expect(sandbox.tokenDirectory.tokenInfo({ network: 'perps', token: 'DOGE' })).toEqual({
      network: 'perps',
      token: 'DOGE',
      symbol: 'DOGE',
      decimals: 0,
    });
    expect(sandbox.tokenDirectory.tokenInfo({ network: 'perps', token: 'ETH' })).toMatchObject({
      decimals: 4,
    });
    expect(sandbox.tokenDirectory.tokenInfo({ network: 'perps', token: 'XYZ' })).toBeNull();
    expect(sandbox.tokenDirectory.tokenInfo({ network: 'base', token: 'ETH' })).toBeNull();
    expect((await sandbox.prices.price({ network: 'perps', token: 'ETH' })).usd).toBe(
      await sandbox.perps.markPrice('ETH'),
    );

    // Selling everything leaves nothing listed.
    await sandbox.perps.placeSpotOrder(order({ side: 'sell', size: '0.0371', limitPx: '2900' }));
    await sandbox.perps.placeSpotOrder(order({ coin: 'DOGE', side: 'sell', size: '301', limitPx: '0.14' }));
    expect((await sandbox.chain.balances('perps', address)).balances.map((b) => b.token)).toEqual(['USDC']);
  });

  it('keeps spot coins out of the registry, the faucet, chain transfers and the DEX', async () => {
    const { sandbox, address, order } = await trader(1000n * USDC);
    await sandbox.perps.placeSpotOrder(order({ coin: 'DOGE', size: '300', limitPx: '0.16' }));
    expect(
      sandbox
        .tokens()
        .filter((t) => t.network === 'perps')
        .map((t) => t.token),
    ).toEqual(['USDC']);
    await expect(sandbox.faucet('perps', address, 'DOGE', 1n)).rejects.toThrow(RangeError);
    const transfer = {
      kind: 'transfer',
      submissionId: id(),
      network: 'perps',
      from: address,
      to: evm(),
      token: 'DOGE',
      amountRaw: 1n,
    } as const;
    await expect(sandbox.chain.submit(transfer)).rejects.toMatchObject({ reason: 'unknown_token' });
    const doge = { network: 'perps', token: 'DOGE' } as const;
    await expect(
      sandbox.quoter.quote({ from: doge, to: { network: 'perps', token: 'USDC' }, amountInRaw: 1n }),
    ).rejects.toMatchObject({ reason: 'unknown_token' });
    expect(await sandbox.perps.spotBalances(address)).toEqual([{ coin: 'DOGE', total: '300' }]);
  });

  it('validates the request', async () => {
    const { sandbox, order } = await trader(1000n * USDC);
    for (const bad of [
      { coin: 'XYZ' },
      { side: 'long' as 'buy' },
      { size: '-1' },
      { limitPx: '0' },
      { address: 'nope' },
    ])
      await expect(sandbox.perps.placeSpotOrder(order(bad))).rejects.toMatchObject({
        reason: 'invalid_request',
      });
    await expect(sandbox.perps.spotBalances('nope')).rejects.toMatchObject({ reason: 'invalid_request' });
  });
});
