import {
  USDC,
  preparationSandbox,
  refusal,
  refusedPaths,
} from '../../preparation/testing/preparation-sandbox';
import type { PerpOpenIntentB, PerpOpenSizing } from '../intent';
import { preparePerpOrderB } from './prepare-perp-order-b';

const open = preparationSandbox();

const perp = (fields: Partial<PerpOpenIntentB> = {}, sizing?: PerpOpenSizing): PerpOpenIntentB => ({
  type: 'perpOrder',
  walletId: 1,
  reduce: false,
  coin: 'BTC',
  side: 'long',
  sizing: sizing ?? { kind: 'size', size: '0.00555' },
  slippage: '1',
  ...fields,
});
const size = (value: string): PerpOpenSizing => ({ kind: 'size', size: value });
const valueUsd = (usd: string): PerpOpenSizing => ({ kind: 'valueUsd', usd });
const margin = (marginUsdc: string, exposureMultiple: string): PerpOpenSizing => ({
  kind: 'margin',
  marginUsdc,
  exposureMultiple,
});

/** BTC at 90000, ETH at 3000 and DOGE at 0.2, and `marginUsdc` of margin for wallet 1. */
async function tradingWorld(marginUsdc = 1000n) {
  const world = open();
  await world.sandbox.setPrice({ network: 'perps', token: 'BTC' }, '90000');
  await world.sandbox.setPrice({ network: 'perps', token: 'ETH' }, '3000');
  await world.sandbox.setPrice({ network: 'perps', token: 'DOGE' }, '0.2');
  await world.sandbox.faucet('perps', world.wallets.evm.address, 'USDC', marginUsdc * USDC);
  const prepare = (intent: PerpOpenIntentB) =>
    preparePerpOrderB(
      intent,
      world.context(intent.walletId === 2 ? world.wallets.solana : world.wallets.evm),
    );
  return { ...world, prepare };
}

describe('preparePerpOrderB: open', () => {
  it('sizes in coin units rounded down, at leverage 1, limited 1% above the mark, and it fills', async () => {
    const { sandbox, wallets, prepare, execute } = await tradingWorld();
    const prepared = await prepare(perp({}, size('0.0055599')));
    expect(prepared).toMatchObject({ type: 'perpOrder', continuation: null });
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
          leverage: 1,
        },
      },
    ]);
    expect(prepared.review).toMatchObject({
      type: 'perpOrder',
      walletId: 1,
      summary: expect.stringContaining('Open long 0.00555 BTC at 1x'),
      reduce: false,
      coin: 'BTC',
      side: 'long',
      orderSide: 'buy',
      leverage: 1,
      size: '0.00555',
      markPx: '90000',
      limitPx: '90900',
      slippagePercent: '1',
      notionalUsd: '499.50',
      margin: { network: 'perps', token: 'USDC', amountRaw: '499500000', usd: '499.50' },
      costAllowance: { amountRaw: '504495' },
      availableMargin: { amountRaw: '1000000000' },
    });
    const [outcome] = await execute(prepared.actions);
    expect(outcome).toMatchObject({ kind: 'settled', receipt: { status: 'success' } });
    const { positions } = await sandbox.perps.account(wallets.evm.address);
    expect(positions).toEqual([expect.objectContaining({ coin: 'BTC', size: '0.00555', leverage: 1 })]);
  });

  it('rounds the limit down for buys and up for sells on the venue grid, at the intent slippage', async () => {
    const { sandbox, prepare } = await tradingWorld();
    await sandbox.setPrice({ network: 'perps', token: 'ETH' }, '3000.07');
    const limit = async (side: 'long' | 'short', slippage: string) =>
      (await prepare(perp({ coin: 'ETH', side, slippage }, size('0.1')))).actions[0];
    // 3000.07 × 1.01 = 3030.0707 → 3030; × 0.99 = 2970.0693 → 2970.1 (5 significant figures).
    expect(await limit('long', '1')).toMatchObject({ order: { side: 'buy', limitPx: '3030' } });
    expect(await limit('short', '1')).toMatchObject({ order: { side: 'sell', limitPx: '2970.1' } });
    // 3000.07 × 1.025 = 3075.07175 → 3075; × 0.975 = 2925.06825 → 2925.1.
    expect(await limit('long', '2.5')).toMatchObject({ order: { limitPx: '3075' } });
    expect(await limit('short', '2.5')).toMatchObject({ order: { limitPx: '2925.1' } });
    const review = (await prepare(perp({ coin: 'ETH', side: 'short', slippage: '2.5' }, size('0.1')))).review;
    expect(review).toMatchObject({ slippagePercent: '2.5', markPx: '3000.07', limitPx: '2925.1' });
  });

  it('sizes valueUsd at the USD price of the price reader, and needs that price live', async () => {
    const { sandbox, prepare } = await tradingWorld();
    const prepared = await prepare(perp({ coin: 'ETH' }, valueUsd('500')));
    // 500 / 3000 = 0.16666... rounded down to ETH's 4 size decimals.
    expect(prepared.actions[0]).toMatchObject({ order: { size: '0.1666' } });
    expect(prepared.review).toMatchObject({
      sizing: { kind: 'valueUsd', usd: '500' },
      notionalUsd: '499.80',
    });
    await sandbox.expirePrice({ network: 'perps', token: 'ETH' });
    expect(await refusal(prepare(perp({ coin: 'ETH' }, valueUsd('500'))))).toMatchObject({
      status: 400,
      code: 'PRICE_UNAVAILABLE',
    });
  });

  it('sizes margin × exposureMultiple at the mark, at the multiple rounded up as leverage by default', async () => {
    const { prepare } = await tradingWorld();
    // 100 × 2.5 = 250 USDC of exposure: 0.0027777 BTC, rounded down; leverage ceil(2.5) = 3.
    const prepared = await prepare(perp({}, margin('100', '2.5')));
    expect(prepared.actions[0]).toMatchObject({ order: { size: '0.00277', leverage: 3 } });
    expect(prepared.review).toMatchObject({ leverage: 3, margin: { amountRaw: '83100000' } });
    const given = await prepare(perp({ leverage: 5 }, margin('100', '2.5')));
    expect(given.actions[0]).toMatchObject({ order: { size: '0.00277', leverage: 5 } });
    const small = await prepare(perp({}, margin('40', '0.5')));
    expect(small.actions[0]).toMatchObject({ order: { size: '0.00022', leverage: 1 } });
  });

  it('refuses an exposure above the coin cap, a leverage below the exposure, and finer margin by field', async () => {
    const { prepare } = await tradingWorld();
    expect(await refusedPaths(prepare(perp({ coin: 'DOGE' }, margin('100', '10.5'))))).toEqual([
      'intent.exposureMultiple',
    ]);
    await expect(prepare(perp({ coin: 'DOGE' }, margin('100', '10')))).resolves.toBeDefined();
    expect(await refusedPaths(prepare(perp({ leverage: 2 }, margin('100', '2.5'))))).toEqual([
      'intent.leverage',
    ]);
    expect(await refusedPaths(prepare(perp({}, margin('10.0000001', '2'))))).toEqual(['intent.marginUsdc']);
  });

  it('caps leverage at the coin maximum, and names an unknown coin and a non-EVM wallet', async () => {
    const { prepare } = await tradingWorld();
    expect(await refusedPaths(prepare(perp({ coin: 'DOGE', leverage: 11 }, size('200'))))).toEqual([
      'intent.leverage',
    ]);
    await expect(prepare(perp({ coin: 'DOGE', leverage: 10 }, size('200')))).resolves.toBeDefined();
    await expect(prepare(perp({ leverage: 40 }))).resolves.toMatchObject({ review: { leverage: 40 } });
    expect(await refusedPaths(prepare(perp({ coin: 'btc' })))).toEqual(['intent.coin']);
    expect(await refusedPaths(prepare(perp({ walletId: 2 })))).toEqual(['intent.walletId']);
  });

  it('refuses a size that rounds down to nothing at the sizing field', async () => {
    const { prepare } = await tradingWorld();
    expect(await refusedPaths(prepare(perp({}, size('0.000009'))))).toEqual(['intent.size']);
    // 0.5 USD buys 0.0000055 BTC: below BTC's 0.00001 step.
    expect(await refusedPaths(prepare(perp({}, valueUsd('0.5'))))).toEqual(['intent.valueUsd']);
    expect(await refusedPaths(prepare(perp({}, margin('0.4', '1'))))).toEqual(['intent.marginUsdc']);
  });

  it('applies the 10-USDC minimum to rounded size × rounded limit', async () => {
    const { prepare } = await tradingWorld();
    const below = { status: 400, code: 'BELOW_MINIMUM_ORDER', fields: undefined };
    // 0.00011 × 90900 = 9.999; 0.00012 × 90900 = 10.908.
    expect(await refusal(prepare(perp({}, size('0.000119'))))).toEqual(below);
    await expect(prepare(perp({}, size('0.00012')))).resolves.toBeDefined();
    // A short of 0.0034 ETH is 10.2 USDC at the mark, but 9.69 at its 5% limit of 2850.
    expect(
      await refusal(prepare(perp({ coin: 'ETH', side: 'short', slippage: '5' }, size('0.0034')))),
    ).toEqual(below);
    await expect(prepare(perp({ coin: 'ETH', side: 'short' }, size('0.0034')))).resolves.toBeDefined();
  });

  it('keeps the leverage of an open position: taken without one, another refused, margin sizing bounded by it', async () => {
    const { prepare, execute } = await tradingWorld();
    await execute((await prepare(perp({ leverage: 2 }, size('0.001')))).actions);
    const addOn = await prepare(perp({}, size('0.001')));
    expect(addOn.actions[0]).toMatchObject({ order: { leverage: 2 } });
    expect(await refusedPaths(prepare(perp({ leverage: 3 }, size('0.001'))))).toEqual(['intent.leverage']);
    await expect(prepare(perp({ leverage: 2 }, margin('100', '2')))).resolves.toBeDefined();
    expect(await refusedPaths(prepare(perp({}, margin('100', '3'))))).toEqual(['intent.exposureMultiple']);
  });

  it('refuses an open on the other side of a live position (it would reduce or flip it), pointing to a reduction', async () => {
    const { prepare, execute } = await tradingWorld();
    await execute((await prepare(perp({ leverage: 2 }, size('0.001')))).actions);
    expect(await refusal(prepare(perp({ side: 'short' }, size('0.0005'))))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      fields: [
        { path: 'intent.side', message: expect.stringMatching(/is long: going short .*sizePercent$/) },
      ],
    });
  });

  it('refuses what the margin account does not have free, the fee allowance included', async () => {
    const { prepare } = await tradingWorld(100n);
    // 0.0011 BTC at 1x holds 99 USDC plus a 0.09999 allowance; 0.00111 holds 99.9 plus 0.100899.
    await expect(prepare(perp({}, size('0.0011')))).resolves.toBeDefined();
    expect(await refusal(prepare(perp({}, size('0.00111'))))).toEqual({
      status: 400,
      code: 'INSUFFICIENT_FUNDS',
      fields: undefined,
    });
    await expect(prepare(perp({ leverage: 2 }, size('0.00111')))).resolves.toBeDefined();
  });
});
