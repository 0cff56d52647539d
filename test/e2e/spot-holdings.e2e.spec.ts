import { randomUUID } from 'node:crypto';
import { type JsonObject, SandboxTestClient } from '../support/sandbox-client';
import { bearer } from '../support/test-app';

/** Spot coins bought on the perp venue are the wallet's holdings on `perps`: receipts, balances, activity. */
describe('perp venue spot holdings, over HTTP', () => {
  let c: SandboxTestClient;
  beforeAll(async () => {
    c = await SandboxTestClient.start();
  });
  afterAll(() => c.app.close());

  const get = async (token: string, url: string) =>
    (await c.app.request({ method: 'GET', url, headers: bearer(token) })).json();
  /** Creates the Shape B spot order, approves it and returns the settled resource. */
  async function spotOrder(token: string, walletId: number, fields: object): Promise<JsonObject> {
    const intent = { type: 'spotOrder', walletId, asset: { network: 'perps', asset: 'DOGE' }, ...fields };
    const created = await c.post('/v1/operations', token, { idempotencyKey: randomUUID(), intent });
    expect(created.statusCode).toBe(201);
    const approved = await c.post(`/v1/operations/${created.json().id}/approve`, token);
    expect(approved.json()).toMatchObject({ state: 'succeeded' });
    return approved.json();
  }
  const balanceChanges = async (token: string): Promise<JsonObject[]> =>
    (await get(token, '/v1/activity/feed?scope=mine&kinds=balance_change')).entries;

  it('shows a bought coin in the receipt, the wallet list and the activity item, and it is gone once sold', async () => {
    const user = await c.app.signUp();
    const evm = user.wallets.find((w) => w.family === 'evm')!;
    await c.faucet(user.token, evm.id, 'perps', 'USDC', '500');
    await c.refreshed(user.token, { walletId: evm.id });
    // The faucet is the one change the service did not make.
    expect(await balanceChanges(user.token)).toHaveLength(1);

    const buy = await spotOrder(user.token, evm.id, { side: 'buy', valueUsdc: 'max' });
    const [receipt] = buy.receipts;
    const bought: string = receipt.fill.filledSize;
    expect(Number(bought)).toBeGreaterThan(0);
    expect(receipt.fill).toMatchObject({ coin: 'DOGE', side: 'buy', balance: bought });
    // DOGE has no size decimals: a coin is a raw unit.
    const coin = { network: 'perps', token: 'DOGE', symbol: 'DOGE', decimals: 0 };
    const usdc = { network: 'perps', token: 'USDC', symbol: 'USDC', decimals: 6 };
    expect(receipt.transfers).toEqual([
      expect.objectContaining({
        ...usdc,
        from: evm.address,
        amountRaw: receipt.fill.quoteRaw,
        purpose: 'value',
      }),
      expect.objectContaining({ ...coin, to: evm.address, amountRaw: bought, purpose: 'value' }),
      expect.objectContaining({ ...usdc, from: evm.address, amountRaw: receipt.feeRaw, purpose: 'fee' }),
    ]);

    const [wallet] = (await c.refreshed(user.token, { walletId: evm.id })).filter((w) => w.id === evm.id);
    const doge = wallet.balances.find((b: JsonObject) => b.token === 'DOGE');
    expect(doge).toEqual({
      ...coin,
      amountRaw: bought,
      amountFormatted: bought,
      usdValue: expect.any(String),
    });
    expect(await c.sandbox.perps.spotBalances(evm.address)).toEqual([{ coin: 'DOGE', total: bought }]);
    const mark = Number(await c.sandbox.perps.markPrice('DOGE'));
    expect(Number(doge.usdValue)).toBeCloseTo(Number(bought) * mark, -1);
    const usdcLeft = BigInt(wallet.balances.find((b: JsonObject) => b.token === 'USDC').amountRaw);
    const paid = BigInt(receipt.fill.quoteRaw) + BigInt(receipt.feeRaw);
    expect(usdcLeft).toBe(500_000_000n - paid);

    const item = await get(user.token, `/v1/activity/operation?operationId=${buy.id}`);
    expect(item).toMatchObject({ action: 'spotOrder', title: 'Bought DOGE', isSuccess: true });
    expect(item.assetChanges).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ asset: coin, amountRaw: bought, walletAddress: evm.address }),
        expect.objectContaining({ asset: usdc, amountRaw: (-paid).toString(), walletAddress: evm.address }),
      ]),
    );
    // The executor told the wallet what the trade moved: the observation finds nothing unexplained.
    expect(await balanceChanges(user.token)).toHaveLength(1);

    const sell = await spotOrder(user.token, evm.id, { side: 'sell', size: bought });
    expect(sell.receipts[0].fill).toMatchObject({ filledSize: bought, balance: '0' });
    expect(sell.receipts[0].transfers).toContainEqual(
      expect.objectContaining({ ...coin, from: evm.address, amountRaw: bought, purpose: 'value' }),
    );
    const [after] = (await c.refreshed(user.token, { walletId: evm.id })).filter((w) => w.id === evm.id);
    expect(after.balances.map((b: JsonObject) => [b.network, b.token])).toEqual([['perps', 'USDC']]);
    const soldItem = await get(user.token, `/v1/activity/operation?operationId=${sell.id}`);
    expect(soldItem).toMatchObject({ title: 'Sold DOGE' });
    expect(soldItem.assetChanges).toContainEqual(
      expect.objectContaining({ asset: coin, amountRaw: `-${bought}` }),
    );
    expect(await balanceChanges(user.token)).toHaveLength(1);
  });
});
