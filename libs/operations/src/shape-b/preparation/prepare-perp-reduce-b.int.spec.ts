import type { PerpSide } from '@vetted/venues';
import {
  USDC,
  preparationSandbox,
  refusal,
  refusedPaths,
} from '../../preparation/testing/preparation-sandbox';
import type { PerpReduceIntent, ReduceSize } from '../intent';
import { preparePerpOrderB } from './prepare-perp-order-b';

const open = preparationSandbox();

const reduce = (coin: string, size: ReduceSize = { kind: 'max' }, fields: Partial<PerpReduceIntent> = {}) =>
  ({
    type: 'perpOrder',
    walletId: 1,
    reduce: true,
    coin,
    size,
    slippage: '1',
    ...fields,
  }) as PerpReduceIntent;
const percent = (value: string): ReduceSize => ({ kind: 'sizePercent', percent: value });

/** BTC at 90000, ETH at 3000, 1000 USDC of margin, and wallet 1's position opened at 2x. */
async function withPosition(coin: string, side: PerpSide, size: string, limitPx: string) {
  const world = open();
  const { sandbox, wallets } = world;
  await sandbox.setPrice({ network: 'perps', token: 'BTC' }, '90000');
  await sandbox.setPrice({ network: 'perps', token: 'ETH' }, '3000');
  await sandbox.faucet('perps', wallets.evm.address, 'USDC', 1000n * USDC);
  const address = wallets.evm.address;
  const order = { address, coin, side, size, limitPx, reduceOnly: false, leverage: 2 };
  await sandbox.perps.placeOrder({ submissionId: `open-${coin}`, ...order });
  const prepare = (intent: PerpReduceIntent) =>
    preparePerpOrderB(intent, world.context(intent.walletId === 2 ? wallets.solana : wallets.evm));
  const position = async () => (await sandbox.perps.account(address)).positions;
  return { ...world, prepare, position };
}

describe('preparePerpOrderB: reduction', () => {
  it('closes the whole long with a reduce-only sell limited 1% below the mark, and it closes', async () => {
    const { wallets, prepare, execute, position } = await withPosition('BTC', 'buy', '0.01', '91000');
    const prepared = await prepare(reduce('BTC'));
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
      type: 'perpOrder',
      walletId: 1,
      summary: expect.stringContaining('Close the whole long 0.01 BTC position'),
      reduce: true,
      coin: 'BTC',
      position: { side: 'long', size: '0.01', entryPx: expect.any(String), leverage: 2 },
      orderSide: 'sell',
      size: '0.01',
      sizePercent: null,
      isWholePosition: true,
      markPx: '90000',
      limitPx: '89100',
      slippagePercent: '1',
      notionalUsd: '900.00',
    });
    await execute(prepared.actions);
    expect(await position()).toEqual([]);
  });

  it('reduces by sizePercent of the position rounded down, and a part stays open', async () => {
    const { prepare, execute, position } = await withPosition('BTC', 'buy', '0.01', '91000');
    // 33.333% of 0.01 is 0.0033333, rounded down to BTC's 5 size decimals.
    const third = await prepare(reduce('BTC', percent('33.333')));
    expect(third.actions[0]).toMatchObject({ order: { size: '0.00333', side: 'sell', reduceOnly: true } });
    expect(third.review).toMatchObject({ sizePercent: '33.333', isWholePosition: false });
    const half = await prepare(reduce('BTC', percent('50'), { slippage: '2' }));
    expect(half.actions[0]).toMatchObject({ order: { size: '0.005', limitPx: '88200' } });
    expect(half.review).toMatchObject({
      summary: expect.stringMatching(/^Reduce the long 0.01 BTC position by 0.005/),
    });
    await execute(half.actions);
    expect(await position()).toEqual([expect.objectContaining({ coin: 'BTC', size: '0.005' })]);
    const all = await prepare(reduce('BTC', percent('100')));
    expect(all.review).toMatchObject({ size: '0.005', isWholePosition: true });
  });

  it('refuses a sizePercent that rounds down to nothing', async () => {
    const { prepare } = await withPosition('BTC', 'buy', '0.01', '91000');
    expect(await refusedPaths(prepare(reduce('BTC', percent('0.09'))))).toEqual(['intent.sizePercent']);
    await expect(prepare(reduce('BTC', percent('0.1')))).rejects.toMatchObject({
      code: 'BELOW_MINIMUM_ORDER',
    });
  });

  it('closes a whole short below 10 USDC with a buy, but refuses a partial reduction below it', async () => {
    const { sandbox, prepare, execute, position } = await withPosition('ETH', 'sell', '0.004', '2900');
    await sandbox.setPrice({ network: 'perps', token: 'ETH' }, '2000');
    // Half of 0.004 ETH at the 2020 limit is 4.04 USDC.
    expect(await refusal(prepare(reduce('ETH', percent('50'))))).toEqual({
      status: 400,
      code: 'BELOW_MINIMUM_ORDER',
      fields: undefined,
    });
    const whole = await prepare(reduce('ETH'));
    expect(whole.actions[0]).toMatchObject({ order: { side: 'buy', size: '0.004', limitPx: '2020' } });
    expect(whole.review).toMatchObject({
      position: { side: 'short' },
      isWholePosition: true,
      notionalUsd: '8.00',
    });
    await execute(whole.actions);
    expect(await position()).toEqual([]);
  });

  it('refuses a live position on the side other than expectedSide', async () => {
    const { prepare } = await withPosition('BTC', 'buy', '0.01', '91000');
    expect(await refusal(prepare(reduce('BTC', { kind: 'max' }, { expectedSide: 'short' })))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'intent.expectedSide', message: "is short, but wallet 1's BTC position is long" }],
    });
    await expect(prepare(reduce('BTC', { kind: 'max' }, { expectedSide: 'long' }))).resolves.toBeDefined();
  });

  it('names a coin without a live position, an unknown coin and a non-EVM wallet', async () => {
    const { prepare } = await withPosition('BTC', 'buy', '0.01', '91000');
    expect(await refusal(prepare(reduce('ETH')))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'intent.coin', message: 'wallet 1 has no open ETH position to reduce' }],
    });
    expect(await refusedPaths(prepare(reduce('XRP')))).toEqual(['intent.coin']);
    expect(await refusedPaths(prepare(reduce('BTC', { kind: 'max' }, { walletId: 2 })))).toEqual([
      'intent.walletId',
    ]);
  });

  it('needs a live USD price of the coin for the review', async () => {
    const { sandbox, prepare } = await withPosition('BTC', 'buy', '0.01', '91000');
    await sandbox.expirePrice({ network: 'perps', token: 'BTC' });
    expect(await refusal(prepare(reduce('BTC')))).toMatchObject({ status: 400, code: 'PRICE_UNAVAILABLE' });
  });
});
