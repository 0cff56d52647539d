import { SubmissionConflict, type PerpOrderRequest } from '@vetted/venues';
import { USDC, evm, id, sandboxFixture } from '../testing/sandbox-fixture';
import { PERP_HOUSE } from '../world/sandbox-accounts';

const fixture = sandboxFixture();

async function trader(usdc: bigint) {
  const opened = fixture.open();
  const address = evm();
  await opened.sandbox.faucet('perps', address, 'USDC', usdc);
  const order = (fields: Partial<PerpOrderRequest>): PerpOrderRequest => ({
    submissionId: id(),
    address,
    coin: 'ETH',
    side: 'buy',
    size: '0.01',
    limitPx: '3100',
    reduceOnly: false,
    ...fields,
  });
  return { ...opened, address, order };
}

describe('SandboxPerpVenue orders', () => {
  it('fills an IOC order against the book, charges the taker fee and opens the position', async () => {
    const { sandbox, address, order } = await trader(1000n * USDC);
    const result = await sandbox.perps.placeOrder(order({ size: '0.1' }));
    expect(result).toMatchObject({
      status: 'filled',
      size: '0.1',
      filledSize: '0.1',
      avgPx: '3000.6',
      realizedPnlRaw: 0n,
    });
    // 0.1 × 3000.6 × 0.045% = 0.135027 USDC.
    expect(result.feeRaw).toBe(135_027n);
    expect(result.hash).toMatch(/^0x[0-9a-f]{64}$/);
    const account = await sandbox.perps.account(address);
    expect(account.balanceRaw).toBe(1000n * USDC - 135_027n);
    expect(account.positions).toEqual([
      expect.objectContaining({
        coin: 'ETH',
        size: '0.1',
        entryPx: '3000.6',
        leverage: 10,
        marginUsed: '30',
      }),
    ]);
    expect(account.withdrawableRaw).toBeLessThan(account.balanceRaw - 30n * USDC + 1n);
  });

  it('fills only what the book offers within the limit (partial fill), and nothing rests', async () => {
    const { sandbox, order } = await trader(50_000n * USDC);
    const book = await sandbox.perps.book('ETH');
    expect(book.asks).toHaveLength(10);
    expect(book.asks[0]).toEqual({ px: '3000.6', size: '49.99' });
    const partial = await sandbox.perps.placeOrder(order({ size: '60', limitPx: '3001' }));
    expect(partial).toMatchObject({
      status: 'partiallyFilled',
      filledSize: '49.99',
      fills: [{ px: '3000.6', size: '49.99' }],
    });

    const whole = await sandbox.perps.placeOrder(
      order({ side: 'sell', size: '600', limitPx: '1', reduceOnly: true }),
    );
    expect(whole).toMatchObject({ status: 'filled', size: '49.99', position: null });
    const unfilled = await sandbox.perps.placeOrder(order({ size: '1', limitPx: '2900' }));
    expect(unfilled).toMatchObject({ status: 'unfilled', filledSize: '0', feeRaw: 0n, avgPx: null });
  });

  it('rounds the limit to 5 significant figures (buys down, sells up) and the size down to szDecimals', async () => {
    const { sandbox, order } = await trader(1000n * USDC);
    const buy = await sandbox.perps.placeOrder(order({ size: '0.123456', limitPx: '3001.2345' }));
    expect(buy).toMatchObject({ size: '0.1234', limitPx: '3001.2' });
    const sell = await sandbox.perps.placeOrder(
      order({ side: 'sell', size: '0.1234', limitPx: '2990.0001' }),
    );
    expect(sell.limitPx).toBe('2990.1');
  });

  it('refuses orders under 10 quote units, and leverage over the coin cap', async () => {
    const { sandbox, order } = await trader(1000n * USDC);
    await expect(sandbox.perps.placeOrder(order({ size: '0.003', limitPx: '3100' }))).rejects.toMatchObject({
      reason: 'below_minimum',
    });
    await expect(sandbox.perps.placeOrder(order({ size: '0.00001' }))).rejects.toMatchObject({
      reason: 'below_minimum',
    });
    await expect(sandbox.perps.placeOrder(order({ leverage: 26 }))).rejects.toMatchObject({
      reason: 'leverage_too_high',
    });
    const capped = await sandbox.perps.placeOrder(order({ leverage: 25 }));
    expect(capped.position?.leverage).toBe(25);
  });

  it('exempts a reduce-only order that closes the whole position from the minimum, but not a partial one', async () => {
    const { sandbox, address, order } = await trader(1000n * USDC);
    await sandbox.perps.placeOrder(order({ size: '0.01' }));
    await sandbox.setPrice({ network: 'perps', token: 'ETH' }, '500');
    await expect(
      sandbox.perps.placeOrder(order({ side: 'sell', size: '0.005', limitPx: '490', reduceOnly: true })),
    ).rejects.toMatchObject({ reason: 'below_minimum' });
    const close = await sandbox.perps.placeOrder(
      order({ side: 'sell', size: '1', limitPx: '490', reduceOnly: true }),
    );
    expect(close).toMatchObject({ status: 'filled', size: '0.01', position: null });
    expect(close.realizedPnlRaw).toBeLessThan(-25n * USDC);
    expect((await sandbox.perps.account(address)).positions).toEqual([]);
  });

  it('refuses a reduce-only order with nothing to reduce, and an order the margin cannot carry', async () => {
    const { sandbox, order } = await trader(100n * USDC);
    await expect(sandbox.perps.placeOrder(order({ side: 'sell', reduceOnly: true }))).rejects.toMatchObject({
      reason: 'reduce_only',
      message: expect.stringContaining('reduces a long ETH position; the wallet holds none'),
    });
    await expect(sandbox.perps.placeOrder(order({ size: '1' }))).rejects.toMatchObject({
      reason: 'insufficient_margin',
    });
    await expect(sandbox.perps.placeOrder(order({ size: '1', leverage: 25 }))).rejects.toMatchObject({
      reason: 'insufficient_margin',
    });
    expect((await sandbox.perps.placeOrder(order({ size: '0.3', leverage: 25 }))).status).toBe('filled');
    // A reduce-only order on the wrong side of the position says which side the wallet holds.
    await expect(sandbox.perps.placeOrder(order({ side: 'buy', reduceOnly: true }))).rejects.toMatchObject({
      reason: 'reduce_only',
      message: expect.stringContaining(
        'a reduce-only buy reduces a short ETH position; the wallet holds a long one',
      ),
    });
  });

  it('realizes profit from the house when a position closes higher', async () => {
    const { sandbox, address, order } = await trader(1000n * USDC);
    await sandbox.perps.placeOrder(order({ size: '1', leverage: 5 }));
    const house = await sandbox.chain.balance('perps', PERP_HOUSE, 'USDC');
    await sandbox.setPrice({ network: 'perps', token: 'ETH' }, '3300');
    const before = (await sandbox.perps.account(address)).balanceRaw;
    const close = await sandbox.perps.placeOrder(
      order({ side: 'sell', size: '1', limitPx: '3200', reduceOnly: true }),
    );
    // Sold at the best bid, 3300 × (1 - 0.0002) rounded down to 3299.3, against an entry of 3000.6.
    expect(close.realizedPnlRaw).toBe(298_700_000n);
    expect((await sandbox.perps.account(address)).balanceRaw).toBe(
      before + close.realizedPnlRaw - close.feeRaw,
    );
    expect(await sandbox.chain.balance('perps', PERP_HOUSE, 'USDC')).toBe(house - close.realizedPnlRaw);
  });

  it('keeps margin in use from leaving the account by a transfer', async () => {
    const { sandbox, address, order } = await trader(100n * USDC);
    await sandbox.perps.placeOrder(order({ size: '0.1', leverage: 5 }));
    const account = await sandbox.perps.account(address);
    const transfer = { kind: 'transfer', network: 'perps', from: address, to: evm(), token: 'USDC' } as const;
    await expect(
      sandbox.chain.submit({ ...transfer, submissionId: id(), amountRaw: account.balanceRaw }),
    ).rejects.toMatchObject({ reason: 'insufficient_funds' });
    const receipt = await sandbox.chain.submit({
      ...transfer,
      submissionId: id(),
      amountRaw: account.withdrawableRaw,
    });
    expect(receipt).toMatchObject({
      status: 'success',
      gasFeeRaw: 0n,
      feeAsset: { network: 'perps', token: 'USDC' },
    });
  });

  it('is idempotent by submission id', async () => {
    const { sandbox, address, order } = await trader(1000n * USDC);
    const request = order({ size: '0.1' });
    const [a, b] = await Promise.all([sandbox.perps.placeOrder(request), sandbox.perps.placeOrder(request)]);
    expect(b).toEqual(a);
    expect((await sandbox.perps.account(address)).positions[0].size).toBe('0.1');
    await expect(sandbox.perps.placeOrder({ ...request, size: '0.2' })).rejects.toBeInstanceOf(
      SubmissionConflict,
    );
    expect(await sandbox.perps.order(request.submissionId)).toEqual(a);
  });

  it('validates the request', async () => {
    const { sandbox, order } = await trader(1000n * USDC);
    for (const bad of [
      { coin: 'XYZ' },
      { size: '-1' },
      { limitPx: '0' },
      { leverage: 2.5 },
      { address: 'nope' },
    ])
      await expect(sandbox.perps.placeOrder(order(bad))).rejects.toMatchObject({ reason: 'invalid_request' });
    expect(await sandbox.perps.coins()).toContainEqual({ coin: 'BTC', szDecimals: 5, maxLeverage: 40 });
    expect(await sandbox.perps.markPrice('BTC')).toBe('90000');
  });
});
