import {
  USDC,
  preparationSandbox,
  refusal,
  refusedPaths,
} from '../../preparation/testing/preparation-sandbox';
import { readShapeBIntent, type SpotOrderIntent } from '../intent';
import { prepareSpotOrder } from './prepare-spot-order';

const open = preparationSandbox();

/** A spot intent as a caller sends it, read by the real reader (defaults filled in). */
const spot = (fields: Record<string, unknown>, walletId = 1): SpotOrderIntent =>
  readShapeBIntent({
    type: 'spotOrder',
    walletId,
    side: 'buy',
    asset: { network: 'perps', asset: 'ETH' },
    ...fields,
  }) as SpotOrderIntent;

/** ETH at 3000 and BTC at 90000 on the venue, and `usdc` of margin-account USDC for wallet 1. */
async function spotWorld(usdc = 1000n) {
  const world = open();
  const { sandbox, wallets, context } = world;
  await sandbox.setPrice({ network: 'perps', token: 'BTC' }, '90000');
  await sandbox.setPrice({ network: 'perps', token: 'ETH' }, '3000');
  if (usdc > 0n) await sandbox.faucet('perps', wallets.evm.address, 'USDC', usdc * USDC);
  const prepare = (intent: SpotOrderIntent) =>
    prepareSpotOrder(intent, context(intent.walletId === 2 ? wallets.solana : wallets.evm));
  /** Buys `size` ETH through a prepared, executed order. */
  const hold = async (size: string) => {
    const [outcome] = await world.execute((await prepare(spot({ size }))).actions);
    expect(outcome).toMatchObject({ kind: 'settled' });
  };
  return { ...world, prepare, hold };
}

describe('prepareSpotOrder', () => {
  it('buys a size at the mark moved 1% up, rounded down on the grid, and it fills', async () => {
    const { sandbox, wallets, prepare, execute } = await spotWorld();
    const prepared = await prepare(spot({ size: '0.123456' }));
    expect(prepared).toMatchObject({ type: 'spotOrder', continuation: null, action: { type: 'spotOrder' } });
    expect(prepared.actions).toEqual([
      {
        kind: 'spotOrder',
        order: { address: wallets.evm.address, coin: 'ETH', side: 'buy', size: '0.1234', limitPx: '3030' },
      },
    ]);
    expect(prepared.review).toMatchObject({
      type: 'spotOrder',
      walletId: 1,
      summary: expect.stringMatching(/^Buy 0\.1234 ETH .* at most 373\.902 USDC \(limit 3030\)/),
      side: 'buy',
      coin: 'ETH',
      sizing: { kind: 'size', size: '0.123456' },
      size: '0.1234',
      markPx: '3000',
      limitPx: '3030',
      slippagePercent: '1',
      notionalUsdc: '373.902',
      usdcAtLimit: { network: 'perps', token: 'USDC', amountRaw: '373902000', usd: '373.90' },
      feeAllowance: { amountRaw: '373902' },
      availableUsdc: { amountRaw: '1000000000' },
      spotBalance: '0',
    });
    const [outcome] = await execute(prepared.actions);
    expect(outcome).toMatchObject({
      kind: 'settled',
      receipt: { fill: { status: 'filled', filledSize: '0.1234' } },
    });
    expect(await sandbox.perps.spotBalances(wallets.evm.address)).toEqual([{ coin: 'ETH', total: '0.1234' }]);
  });

  it('takes a slippage override and rounds the limit on the grid: buys down, sells up', async () => {
    const { prepare, hold } = await spotWorld(100_000n);
    const buy = await prepare(
      spot({ asset: { network: 'perps', asset: 'BTC' }, size: '0.01', slippage: '0.3333' }),
    );
    // 90000 × 1.003333 = 90299.97 → 90299; 90000 × 0.996667 = 89700.03 → 89701.
    expect(buy.review).toMatchObject({ limitPx: '90299', slippagePercent: '0.3333' });
    await hold('0.1');
    const sell = await prepare(spot({ side: 'sell', size: '0.05', slippage: '0.5' }));
    expect(sell.review).toMatchObject({
      side: 'sell',
      limitPx: '2985',
      usdcAtLimit: { amountRaw: '149250000' },
      spotBalance: '0.1',
      summary: expect.stringMatching(/^Sell 0\.05 ETH .* at least 149\.25 USDC/),
    });
    const zero = await prepare(spot({ size: '0.01', slippage: '0' }));
    expect(zero.review).toMatchObject({ limitPx: '3000', slippagePercent: '0' });
  });

  it('sizes valueUsdc: a buy at its limit (never more), a sell at the mark', async () => {
    const { prepare, hold } = await spotWorld();
    const buy = await prepare(spot({ valueUsdc: '100' }));
    // 100 / 3030 = 0.033003... → 0.033; 0.033 × 3030 = 99.99.
    expect(buy.review).toMatchObject({ size: '0.033', notionalUsdc: '99.99', sizing: { kind: 'valueUsdc' } });
    await hold('0.1');
    const sell = await prepare(spot({ side: 'sell', valueUsdc: '100' }));
    // 100 / 3000 = 0.03333... → 0.0333.
    expect(sell.review).toMatchObject({ size: '0.0333', limitPx: '2970' });
  });

  it('sizes valueUsdc "max" from the withdrawable USDC less the fee allowance, and the venue accepts it', async () => {
    const { prepare, execute } = await spotWorld();
    const prepared = await prepare(spot({ valueUsdc: 'max' }));
    // 1000 / (3030 × 1.001) = 0.32970... → 0.3297: 998.991 + 0.998991 allowance fits 1000.
    expect(prepared.review).toMatchObject({
      size: '0.3297',
      sizing: { kind: 'valueUsdcMax' },
      usdcAtLimit: { amountRaw: '998991000' },
      feeAllowance: { amountRaw: '998991' },
    });
    expect(await execute(prepared.actions)).toMatchObject([{ kind: 'settled' }]);
    const poor = await spotWorld(0n);
    expect(await refusal(poor.prepare(spot({ valueUsdc: 'max' })))).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
    const small = await spotWorld(5n);
    expect(await refusal(small.prepare(spot({ valueUsdc: 'max' })))).toMatchObject({
      code: 'BELOW_MINIMUM_ORDER',
    });
  });

  it('never spends margin in use: "max" and the funds check use what is withdrawable', async () => {
    const { sandbox, wallets, prepare } = await spotWorld(100n);
    const address = wallets.evm.address;
    await sandbox.perps.placeOrder({
      submissionId: 'margin-lock',
      address,
      coin: 'ETH',
      side: 'buy',
      size: '0.1',
      limitPx: '3100',
      reduceOnly: false,
      leverage: 5,
    });
    const { withdrawableRaw, balanceRaw } = await sandbox.perps.account(address);
    const max = await prepare(spot({ valueUsdc: 'max' }));
    expect(max.review).toMatchObject({ availableUsdc: { amountRaw: withdrawableRaw.toString() } });
    expect(BigInt((max.review.usdcAtLimit as { amountRaw: string }).amountRaw)).toBeLessThan(withdrawableRaw);
    expect(balanceRaw).toBeGreaterThan(60n * USDC);
    expect(await refusal(prepare(spot({ size: '0.02' })))).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
  });

  it('refuses a buy the withdrawable USDC cannot pay with the fee allowance, and accepts one it can', async () => {
    const { prepare } = await spotWorld(20n);
    expect(await refusal(prepare(spot({ size: '0.01' })))).toMatchObject({
      status: 400,
      code: 'INSUFFICIENT_FUNDS',
    });
    // 0.0065 × 3030 = 19.695, + 0.019695 allowance: fits 20.
    expect((await prepare(spot({ size: '0.0065' }))).review).toMatchObject({ size: '0.0065' });
  });

  it('refuses a sell beyond the spot balance, and accepts one within it', async () => {
    const { prepare, hold } = await spotWorld();
    expect(await refusal(prepare(spot({ side: 'sell', size: '0.01' })))).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
    await hold('0.01');
    expect(await refusal(prepare(spot({ side: 'sell', size: '0.0101' })))).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(await refusal(prepare(spot({ side: 'sell', valueUsdc: '31' })))).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
    expect((await prepare(spot({ side: 'sell', size: '0.01' }))).review).toMatchObject({
      spotBalance: '0.01',
    });
  });

  it('refuses rounded size × limit under 10 USDC with BELOW_MINIMUM_ORDER, and accepts 10 or more', async () => {
    const { prepare } = await spotWorld();
    // 0.00339 × 3030 = 10.27, but the size rounds down to 0.0033: 9.999.
    for (const sizing of [{ size: '0.00339' }, { size: '0.003' }, { valueUsdc: '9' }])
      expect(await refusal(prepare(spot(sizing)))).toMatchObject({
        status: 400,
        code: 'BELOW_MINIMUM_ORDER',
      });
    expect((await prepare(spot({ size: '0.0034' }))).review).toMatchObject({ notionalUsdc: '10.302' });
  });

  it('refuses a size or value that rounds to nothing at its field', async () => {
    const { prepare } = await spotWorld();
    expect(await refusedPaths(prepare(spot({ size: '0.00001' })))).toEqual(['intent.size']);
    expect(await refusedPaths(prepare(spot({ valueUsdc: '0.01' })))).toEqual(['intent.valueUsdc']);
  });

  it('refuses a coin the venue does not list at intent.asset.asset, and a non-EVM wallet at intent.walletId', async () => {
    const { prepare } = await spotWorld();
    expect(
      await refusedPaths(prepare(spot({ asset: { network: 'perps', asset: 'XYZ' }, size: '1' }))),
    ).toEqual(['intent.asset.asset']);
    expect(
      await refusedPaths(prepare(spot({ asset: { network: 'perps', asset: 'eth' }, size: '1' }))),
    ).toEqual(['intent.asset.asset']);
    expect(await refusedPaths(prepare(spot({ size: '0.1' }, 2)))).toEqual(['intent.walletId']);
  });

  it('prepares without a live USD price: nothing is sized in USD, the review shows USD as null', async () => {
    const { sandbox, prepare } = await spotWorld();
    await sandbox.expirePrice({ network: 'perps', token: 'USDC' });
    const prepared = await prepare(spot({ size: '0.1' }));
    expect(prepared.review).toMatchObject({ usdcAtLimit: { amountRaw: '303000000', usd: null } });
  });
});
