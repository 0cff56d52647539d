import type { PerpCloseOperation, PerpOpenIntent, PerpOpenOperation } from './shape-a-request';
import { USDC, preparationSandbox, refusal, refusedPaths } from './testing/preparation-sandbox';

const open = preparationSandbox();

const perp = (intent: Partial<PerpOpenIntent>, walletId = 1): PerpOpenOperation => ({
  kind: 'perp',
  walletId,
  perpIntent: { coin: 'BTC', side: 'long', amountUsdc: '100', ...intent },
});
const close = (coin: string, walletId = 1): PerpCloseOperation => ({
  kind: 'perpClose',
  walletId,
  closeIntent: { coin },
});

/** Marks at round prices, and 1000 USDC of margin for wallet 1. */
async function tradingWorld(marginUsdc = 1000n) {
  const world = open();
  const { sandbox, wallets } = world;
  await sandbox.setPrice({ network: 'perps', token: 'BTC' }, '90000');
  await sandbox.setPrice({ network: 'perps', token: 'ETH' }, '3000');
  if (marginUsdc > 0n) await sandbox.faucet('perps', wallets.evm.address, 'USDC', marginUsdc * USDC);
  return world;
}

describe('prepareShapeA: perp open', () => {
  it('sizes a long from margin × leverage at the mark, limited 1% above it rounded down, and it fills', async () => {
    const { sandbox, wallets, prepare, execute } = await tradingWorld();
    const prepared = await prepare(perp({ leverage: 5 }));
    expect(prepared.actions).toEqual([
      {
        kind: 'perpOrder',
        order: {
          address: wallets.evm.address,
          coin: 'BTC',
          side: 'buy',
          size: '0.00555',
          limitPx: '90900',
          reduceOnly: false,
          leverage: 5,
        },
      },
    ]);
    expect(prepared.review).toMatchObject({
      kind: 'perp',
      walletId: 1,
      coin: 'BTC',
      side: 'long',
      orderSide: 'buy',
      leverage: 5,
      margin: { network: 'perps', token: 'USDC', amountRaw: '100000000', amount: '100', usd: '100.00' },
      marginIsMax: false,
      size: '0.00555',
      markPx: '90000',
      limitPx: '90900',
      slippagePercent: '1',
      notionalUsd: '499.50',
      costAllowance: { amountRaw: '505000' },
      availableMargin: { amountRaw: '1000000000' },
    });
    const [outcome] = await execute(prepared.actions);
    expect(outcome).toMatchObject({ kind: 'settled', receipt: { status: 'success' } });
    const { positions } = await sandbox.perps.account(wallets.evm.address);
    expect(positions).toEqual([expect.objectContaining({ coin: 'BTC', size: '0.00555', leverage: 5 })]);
  });

  it('opens a short at leverage 1 by default, limited 1% below the mark rounded up', async () => {
    const { wallets, prepare } = await tradingWorld();
    const prepared = await prepare(perp({ coin: 'ETH', side: 'short', amountUsdc: '50' }));
    expect(prepared.actions).toEqual([
      {
        kind: 'perpOrder',
        order: {
          address: wallets.evm.address,
          coin: 'ETH',
          side: 'sell',
          size: '0.0166',
          limitPx: '2970',
          reduceOnly: false,
          leverage: 1,
        },
      },
    ]);
  });

  it('resolves max to the largest margin that leaves the cost allowance free, and the venue accepts it', async () => {
    const { sandbox, wallets, prepare, execute } = await tradingWorld();
    const prepared = await prepare(perp({ amountUsdc: 'max', leverage: 10 }));
    // 1000 / (1 + 10 × 1.01 × 0.001) = 990.000990..., plus its allowance of 9.999010 fills the account.
    expect(prepared.review).toMatchObject({
      marginIsMax: true,
      margin: { amountRaw: '990000990' },
      costAllowance: { amountRaw: '9999010' },
      size: '0.11',
    });
    expect(await execute(prepared.actions)).toEqual([
      expect.objectContaining({ kind: 'settled', receipt: expect.objectContaining({ status: 'success' }) }),
    ]);
    expect((await sandbox.perps.account(wallets.evm.address)).positions).toHaveLength(1);
  });

  it('refuses an order under 10 USDC at its rounded size and limit with BELOW_MINIMUM_ORDER', async () => {
    const { prepare } = await tradingWorld();
    expect(await refusal(prepare(perp({ amountUsdc: '9.9' })))).toEqual({
      status: 400,
      code: 'BELOW_MINIMUM_ORDER',
      fields: undefined,
    });
    // 0.00011 BTC (rounded down from 0.000111) at the 90900 limit is 9.999 USDC.
    expect(await refusal(prepare(perp({ amountUsdc: '10' })))).toMatchObject({ code: 'BELOW_MINIMUM_ORDER' });
    await expect(prepare(perp({ amountUsdc: '5', leverage: 3 }))).resolves.toMatchObject({
      review: { size: '0.00016' },
    });
  });

  it('refuses margin the account does not have free, the cost allowance included', async () => {
    const { sandbox, wallets, prepare } = await tradingWorld(100n);
    const insufficient = { status: 400, code: 'INSUFFICIENT_FUNDS', fields: undefined };
    expect(await refusal(prepare(perp({ amountUsdc: '100' })))).toEqual(insufficient);
    await expect(prepare(perp({ amountUsdc: '99' }))).resolves.toBeDefined();
    expect(await refusal(prepare(perp({ amountUsdc: '150' })))).toEqual(insufficient);
    const empty = await tradingWorld(0n);
    expect(await refusal(empty.prepare(perp({ amountUsdc: 'max' })))).toEqual(insufficient);
    // Margin held by an open position is not free.
    await sandbox.perps.placeOrder({
      submissionId: 'held',
      address: wallets.evm.address,
      coin: 'ETH',
      side: 'buy',
      size: '0.1',
      limitPx: '3100',
      reduceOnly: false,
      leverage: 5,
    });
    expect(await refusal(prepare(perp({ amountUsdc: '99' })))).toEqual(insufficient);
  });

  it('names the field of an unknown coin, a leverage above the coin cap and a non-EVM wallet', async () => {
    const { prepare } = await tradingWorld();
    expect(await refusedPaths(prepare(perp({ coin: 'btc' })))).toEqual(['operation.perpIntent.coin']);
    expect(await refusedPaths(prepare(perp({ coin: 'DOGE', leverage: 11 })))).toEqual([
      'operation.perpIntent.leverage',
    ]);
    await expect(prepare(perp({ coin: 'DOGE', leverage: 10 }))).resolves.toBeDefined();
    expect(await refusedPaths(prepare(perp({ leverage: 101 })))).toEqual(['operation.perpIntent.leverage']);
    expect(await refusedPaths(prepare(perp({ amountUsdc: '10.0000001' })))).toEqual([
      'operation.perpIntent.amountUsdc',
    ]);
    expect(await refusedPaths(prepare(perp({}, 2)))).toEqual(['operation.walletId']);
  });

  it('needs a live USD price of the coin', async () => {
    const { sandbox, prepare } = await tradingWorld();
    await sandbox.expirePrice({ network: 'perps', token: 'BTC' });
    expect(await refusal(prepare(perp({})))).toMatchObject({ status: 400, code: 'PRICE_UNAVAILABLE' });
  });
});

describe('prepareShapeA: perp close', () => {
  async function withPosition(coin: string, side: 'buy' | 'sell', size: string, limitPx: string) {
    const world = await tradingWorld();
    await world.sandbox.perps.placeOrder({
      submissionId: `open-${coin}`,
      address: world.wallets.evm.address,
      coin,
      side,
      size,
      limitPx,
      reduceOnly: false,
      leverage: 2,
    });
    return world;
  }

  it('closes a whole long with a reduce-only sell limited 1% below the mark, and it closes', async () => {
    const { sandbox, wallets, prepare, execute } = await withPosition('BTC', 'buy', '0.01', '91000');
    const prepared = await prepare(close('BTC'));
    expect(prepared.actions).toEqual([
      {
        kind: 'perpOrder',
        order: {
          address: wallets.evm.address,
          coin: 'BTC',
          side: 'sell',
          size: '0.01',
          limitPx: '89100',
          reduceOnly: true,
        },
        closes: '0.01',
      },
    ]);
    expect(prepared.review).toMatchObject({
      kind: 'perpClose',
      coin: 'BTC',
      position: { side: 'long', size: '0.01', leverage: 2 },
      orderSide: 'sell',
      size: '0.01',
      limitPx: '89100',
      notionalUsd: '900.00',
    });
    await execute(prepared.actions);
    expect((await sandbox.perps.account(wallets.evm.address)).positions).toEqual([]);
  });

  it('closes a short with a reduce-only buy, exempt from the minimum', async () => {
    const { sandbox, wallets, prepare, execute } = await withPosition('ETH', 'sell', '0.004', '2900');
    await sandbox.setPrice({ network: 'perps', token: 'ETH' }, '2000');
    const prepared = await prepare(close('ETH'));
    expect(prepared.actions).toEqual([
      {
        kind: 'perpOrder',
        order: {
          address: wallets.evm.address,
          coin: 'ETH',
          side: 'buy',
          size: '0.004',
          limitPx: '2020',
          reduceOnly: true,
        },
        closes: '-0.004',
      },
    ]);
    expect(prepared.review).toMatchObject({ position: { side: 'short' }, notionalUsd: '8.00' });
    await execute(prepared.actions);
    expect((await sandbox.perps.account(wallets.evm.address)).positions).toEqual([]);
  });

  it('refuses a coin without a live position, an unknown coin and a non-EVM wallet, by field', async () => {
    const { prepare } = await withPosition('BTC', 'buy', '0.01', '91000');
    expect(await refusal(prepare(close('ETH')))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'operation.closeIntent.coin', message: 'wallet 1 has no open ETH position to close' }],
    });
    expect(await refusedPaths(prepare(close('XRP')))).toEqual(['operation.closeIntent.coin']);
    expect(await refusedPaths(prepare(close('BTC', 2)))).toEqual(['operation.walletId']);
  });

  it('refuses an open on the other side of a live position (it would reduce or flip it), by side', async () => {
    const { prepare } = await withPosition('BTC', 'buy', '0.01', '91000');
    expect(await refusal(prepare(perp({ side: 'short', leverage: 2 })))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      fields: [
        {
          path: 'operation.perpIntent.side',
          message: expect.stringMatching(
            /^the open BTC position is long: going short would reduce or flip it/,
          ),
        },
      ],
    });
    // Adding to it on its own side is an open.
    await expect(prepare(perp({ side: 'long', leverage: 2 }))).resolves.toBeDefined();
  });
});
