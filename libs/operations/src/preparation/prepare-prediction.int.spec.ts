import { MARKET_SPECS, PUSD_POLYGON, outcomeTokenId } from '@vetted/sandbox';
import type { PredictionOperation, PredictionOrderIntent } from './shape-a-request';
import { USDC, preparationSandbox, refusal, refusedPaths } from './testing/preparation-sandbox';

const open = preparationSandbox();
const market = MARKET_SPECS[0];
const yes = outcomeTokenId(market.id, 'Yes');

const order = (intent: PredictionOrderIntent, walletId = 1): PredictionOperation => ({
  kind: 'prediction',
  walletId,
  order: intent,
});
const buy = (spendPusd: string, outcome = yes) => order({ action: 'buy', outcome, spendPusd });
const sell = (shares: string, outcome = yes) => order({ action: 'sell', outcome, shares });

/** "Yes" at 0.35 (ask 0.355, bid 0.345), and 100 pUSD in wallet 1. */
async function marketWorld() {
  const world = open();
  await world.sandbox.setPrice({ network: 'polygon', token: yes }, '0.35');
  await world.sandbox.faucet('polygon', world.wallets.evm.address, PUSD_POLYGON, 100n * USDC);
  return world;
}

describe('prepareShapeA: prediction', () => {
  it('buys with exactly the pUSD spend, protected by the shares 1% above the ask would give', async () => {
    const { sandbox, wallets, prepare, execute } = await marketWorld();
    const prepared = await prepare(buy('10'));
    // 10 pUSD at 0.355 gives 28.169014 shares; at 0.355 × 1.01 = 0.35855, 27.890112.
    expect(prepared.actions).toEqual([
      {
        kind: 'predictionBuy',
        order: { address: wallets.evm.address, outcome: yes, spendRaw: '10000000', minSharesRaw: '27890112' },
      },
    ]);
    expect(prepared.review).toMatchObject({
      kind: 'prediction',
      action: 'buy',
      walletId: 1,
      market: { id: market.id, question: market.question },
      outcome: { token: yes, name: 'Yes' },
      spend: { symbol: 'pUSD', amountRaw: '10000000', usd: '10.00' },
      askPrice: '0.355',
      expectedShares: { amountRaw: '28169014', amount: '28.169014', usd: '9.86' },
      minimumShares: { amountRaw: '27890112' },
      slippagePercent: '1',
    });
    expect(await execute(prepared.actions)).toEqual([expect.objectContaining({ kind: 'settled' })]);
    expect(await sandbox.chain.balance('polygon', wallets.evm.address, yes)).toBe(28_169_014n);
  });

  it('sells every share held for max, protected by the proceeds 1% below the bid would give', async () => {
    const { sandbox, wallets, prepare, execute } = await marketWorld();
    await sandbox.predict.buy({
      submissionId: 'held',
      address: wallets.evm.address,
      outcome: yes,
      spendRaw: 10n * USDC,
    });
    const held = await sandbox.chain.balance('polygon', wallets.evm.address, yes);
    const prepared = await prepare(sell('max'));
    expect(prepared.actions).toEqual([
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
    expect(prepared.review).toMatchObject({
      action: 'sell',
      sellsMax: true,
      shares: { amountRaw: held.toString() },
      bidPrice: '0.345',
      expectedProceeds: { symbol: 'pUSD', amountRaw: ((held * 345n) / 1000n).toString() },
    });
    await execute(prepared.actions);
    expect(await sandbox.chain.balance('polygon', wallets.evm.address, yes)).toBe(0n);

    await expect(prepare(sell('1.5'))).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
  });

  it('refuses a sell of more shares than held, and any sell without shares', async () => {
    const { sandbox, wallets, prepare } = await marketWorld();
    expect(await refusal(prepare(sell('max')))).toEqual({
      status: 400,
      code: 'INSUFFICIENT_FUNDS',
      fields: undefined,
    });
    await sandbox.predict.buy({
      submissionId: 'held',
      address: wallets.evm.address,
      outcome: yes,
      spendRaw: USDC,
    });
    expect(await refusal(prepare(sell('3')))).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    await expect(prepare(sell('2'))).resolves.toBeDefined();
  });

  it('refuses a buy the wallet cannot pay for', async () => {
    const { prepare } = await marketWorld();
    expect(await refusal(prepare(buy('100.000001')))).toEqual({
      status: 400,
      code: 'INSUFFICIENT_FUNDS',
      fields: undefined,
    });
    await expect(prepare(buy('100'))).resolves.toBeDefined();
  });

  it('refuses orders that would trade nothing with BELOW_MINIMUM_ORDER', async () => {
    const { sandbox, wallets, prepare } = await marketWorld();
    await sandbox.predict.buy({
      submissionId: 'held',
      address: wallets.evm.address,
      outcome: yes,
      spendRaw: USDC,
    });
    expect(await refusal(prepare(sell('0.000001')))).toMatchObject({ code: 'BELOW_MINIMUM_ORDER' });
    await sandbox.setPrice({ network: 'polygon', token: yes }, '0.99');
    expect(await refusal(prepare(buy('0.000001')))).toMatchObject({ code: 'BELOW_MINIMUM_ORDER' });
  });

  it('names the outcome that is unknown or whose market has resolved', async () => {
    const { sandbox, prepare } = await marketWorld();
    expect(await refusedPaths(prepare(buy('1', '12345')))).toEqual(['operation.order.outcome']);
    await sandbox.resolveMarket(market.id, 'No');
    const resolved = await refusal(prepare(buy('1')));
    expect(resolved.fields).toEqual([
      { path: 'operation.order.outcome', message: expect.stringMatching(/has resolved/) },
    ]);
    expect(await refusedPaths(prepare(sell('max')))).toEqual(['operation.order.outcome']);
  });

  it('names amounts finer than 6 decimals and a non-EVM wallet', async () => {
    const { prepare } = await marketWorld();
    expect(await refusedPaths(prepare(buy('1.0000001')))).toEqual(['operation.order.spendPusd']);
    expect(await refusedPaths(prepare(sell('1.0000001')))).toEqual(['operation.order.shares']);
    expect(await refusedPaths(prepare(order({ action: 'buy', outcome: yes, spendPusd: '1' }, 2)))).toEqual([
      'operation.walletId',
    ]);
  });

  it('needs a live USD price of the outcome', async () => {
    const { sandbox, prepare } = await marketWorld();
    await sandbox.expirePrice({ network: 'polygon', token: yes });
    expect(await refusal(prepare(buy('1')))).toMatchObject({ status: 400, code: 'PRICE_UNAVAILABLE' });
  });
});
