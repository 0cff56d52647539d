import { MARKET_SPECS, PUSD_POLYGON, outcomeTokenId } from '@vetted/sandbox';
import {
  USDC,
  preparationSandbox,
  refusal,
  refusedPaths,
} from '../../preparation/testing/preparation-sandbox';
import type { PredictionIntentB, PredictionSellIntentB } from '../intent';
import { preparePredictionB } from './prepare-prediction-b';

const open = preparationSandbox();
const market = MARKET_SPECS[0];
const yes = outcomeTokenId(market.id, 'Yes');
const no = outcomeTokenId(market.id, 'No');

const side = (asset: string) => ({ kind: 'predictionOutcome', network: 'polygon', asset }) as const;
const buy = (spendPusd: string, asset = yes, walletId = 1): PredictionIntentB => ({
  type: 'prediction',
  walletId,
  action: 'buy',
  outcome: side(asset),
  spendPusd,
});
const sell = (shares: PredictionSellIntentB['shares'], asset = yes): PredictionIntentB => ({
  type: 'prediction',
  walletId: 1,
  action: 'sell',
  outcome: side(asset),
  shares,
});
const redeem = (asset = yes): PredictionIntentB => ({
  type: 'prediction',
  walletId: 1,
  action: 'redeem',
  outcome: side(asset),
});

/** "Yes" at 0.35 (ask 0.355, bid 0.345), and 100 pUSD in wallet 1. */
async function marketWorld() {
  const world = open();
  const { sandbox, wallets } = world;
  await sandbox.setPrice({ network: 'polygon', token: yes }, '0.35');
  await sandbox.faucet('polygon', wallets.evm.address, PUSD_POLYGON, 100n * USDC);
  const prepare = (intent: PredictionIntentB) =>
    preparePredictionB(intent, world.context(intent.walletId === 2 ? wallets.solana : wallets.evm));
  /** Buys `pusd` worth of the outcome directly at the venue; returns the shares now held. */
  const hold = async (pusd: bigint, outcome = yes) => {
    const address = wallets.evm.address;
    await sandbox.predict.buy({ submissionId: `held-${outcome}`, address, outcome, spendRaw: pusd * USDC });
    return sandbox.chain.balance('polygon', address, outcome);
  };
  return { ...world, prepare, hold };
}

describe('preparePredictionB: buy and sell', () => {
  it('buys with exactly the pUSD spend, protected by the shares 1% above the ask would give', async () => {
    const { wallets, prepare } = await marketWorld();
    const prepared = await prepare(buy('10'));
    expect(prepared).toMatchObject({ type: 'prediction', action: buy('10'), continuation: null });
    expect(prepared.actions).toEqual([
      {
        kind: 'predictionBuy',
        order: { address: wallets.evm.address, outcome: yes, spendRaw: '10000000', minSharesRaw: '27890112' },
      },
    ]);
    expect(prepared.review).toMatchObject({
      type: 'prediction',
      action: 'buy',
      walletId: 1,
      summary: expect.stringContaining('Buy about 28.169014 "Yes" shares'),
      market: { id: market.id, question: market.question },
      outcome: { token: yes, name: 'Yes' },
      spend: { symbol: 'pUSD', amountRaw: '10000000', usd: '10.00' },
      askPrice: '0.355',
      expectedShares: { amountRaw: '28169014' },
      minimumShares: { amountRaw: '27890112' },
    });
    expect(prepared.review).not.toHaveProperty('kind');
  });

  it('refuses a buy the wallet cannot pay for, or finer than pUSD decimals', async () => {
    const { prepare } = await marketWorld();
    expect(await refusal(prepare(buy('100.000001')))).toMatchObject({
      status: 400,
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(await refusedPaths(prepare(buy('1.0000001')))).toEqual(['intent.spendPusd']);
    await expect(prepare(buy('100'))).resolves.toBeDefined();
  });

  it('sells every share held for max, and exact shares', async () => {
    const { wallets, prepare, hold } = await marketWorld();
    const held = await hold(10n);
    const all = await prepare(sell({ kind: 'max' }));
    expect(all.actions).toEqual([
      {
        kind: 'predictionSell',
        order: {
          address: wallets.evm.address,
          outcome: yes,
          sharesRaw: held.toString(),
          minProceedsRaw: ((held * 345n * 99n) / 100_000n).toString(),
        },
      },
    ]);
    expect(all.review).toMatchObject({
      type: 'prediction',
      action: 'sell',
      sellsMax: true,
      bidPrice: '0.345',
    });
    const some = await prepare(sell({ kind: 'exact', decimal: '2.5' }));
    expect(some.actions[0]).toMatchObject({ order: { sharesRaw: '2500000' } });
    expect(await refusedPaths(prepare(sell({ kind: 'exact', decimal: '1.0000001' })))).toEqual([
      'intent.shares',
    ]);
  });

  it('refuses a sell without shares held, or of more than held', async () => {
    const { prepare, hold } = await marketWorld();
    expect(await refusal(prepare(sell({ kind: 'max' })))).toEqual({
      status: 400,
      code: 'INSUFFICIENT_FUNDS',
      fields: undefined,
    });
    await hold(1n);
    expect(await refusal(prepare(sell({ kind: 'exact', decimal: '3' })))).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
  });

  it('names an unknown outcome at its asset, a resolved market at the outcome, and a non-EVM wallet', async () => {
    const { sandbox, prepare } = await marketWorld();
    expect(await refusedPaths(prepare(buy('1', '12345')))).toEqual(['intent.outcome.asset']);
    expect(await refusedPaths(prepare(buy('1', yes, 2)))).toEqual(['intent.walletId']);
    await sandbox.resolveMarket(market.id, 'No');
    expect((await refusal(prepare(buy('1')))).fields).toEqual([
      { path: 'intent.outcome', message: expect.stringMatching(/has resolved/) },
    ]);
    expect(await refusedPaths(prepare(sell({ kind: 'max' })))).toEqual(['intent.outcome']);
  });
});

describe('preparePredictionB: redeem', () => {
  it('redeems the shares of the winning outcome for 1 pUSD each, and approval pays them', async () => {
    const { sandbox, wallets, prepare, execute, hold } = await marketWorld();
    const held = await hold(10n);
    await sandbox.resolveMarket(market.id, 'Yes');
    const prepared = await prepare(redeem());
    expect(prepared).toMatchObject({ type: 'prediction', action: redeem(), continuation: null });
    expect(prepared.actions).toEqual([
      { kind: 'predictionRedeem', order: { address: wallets.evm.address, outcome: yes } },
    ]);
    expect(prepared.review).toEqual({
      type: 'prediction',
      action: 'redeem',
      walletId: 1,
      summary: expect.stringMatching(
        /^Redeem 28\.\d+ "Yes" shares of "Will BTC .*" for 28\.\d+ pUSD on polygon$/,
      ),
      market: { id: market.id, question: market.question, resolvedAt: expect.any(String) },
      outcome: { token: yes, name: 'Yes' },
      shares: expect.objectContaining({ token: yes, amountRaw: held.toString() }),
      payout: expect.objectContaining({
        symbol: 'pUSD',
        amountRaw: held.toString(),
        usd: expect.any(String),
      }),
    });
    expect(await execute(prepared.actions)).toEqual([expect.objectContaining({ kind: 'settled' })]);
    const address = wallets.evm.address;
    expect(await sandbox.chain.balance('polygon', address, yes)).toBe(0n);
    expect(await sandbox.chain.balance('polygon', address, PUSD_POLYGON)).toBe(90n * USDC + held);
  });

  it('refuses at the outcome while the market is open, for a losing outcome, and without shares', async () => {
    const { sandbox, prepare, hold } = await marketWorld();
    await hold(10n, no);
    const at = async (intent: PredictionIntentB) => (await refusal(prepare(intent))).fields;
    expect(await at(redeem(no))).toEqual([
      { path: 'intent.outcome', message: expect.stringMatching(/has not resolved/) },
    ]);
    await sandbox.resolveMarket(market.id, 'Yes');
    expect(await at(redeem(no))).toEqual([
      {
        path: 'intent.outcome',
        message: `lost: market ${market.id} resolved to "Yes", so its shares redeem for nothing`,
      },
    ]);
    expect(await at(redeem(yes))).toEqual([
      { path: 'intent.outcome', message: `wallet 1 holds no "Yes" shares of market ${market.id} to redeem` },
    ]);
    expect(await refusedPaths(prepare(redeem('12345')))).toEqual(['intent.outcome.asset']);
  });
});
