import { EVENT_STORE, type EventStore, walletStream } from '@vetted/event-store';
import { USDC_ADDRESSES } from '@vetted/sandbox';
import { SandboxTestClient } from '../support/sandbox-client';
import { bearer } from '../support/test-app';

describe('balances: faucet, refresh, observation, balance_change', () => {
  let c: SandboxTestClient;
  beforeAll(async () => {
    c = await SandboxTestClient.start();
  });
  afterAll(() => c.app.close());

  it('serves the token registry and the markets publicly', async () => {
    const tokens = (await c.app.request({ method: 'GET', url: '/v1/sandbox/tokens' })).json();
    expect(tokens).toEqual(
      expect.arrayContaining([
        { network: 'base', token: USDC_ADDRESSES.base, symbol: 'USDC', decimals: 6 },
        { network: 'ethereum', token: null, symbol: 'ETH', decimals: 18 },
        expect.objectContaining({ network: 'solana', token: null, symbol: 'SOL', decimals: 9 }),
        expect.objectContaining({ network: 'polygon', symbol: 'pUSD', decimals: 6 }),
      ]),
    );
    const markets = (await c.app.request({ method: 'GET', url: '/v1/sandbox/markets' })).json();
    expect(markets.length).toBeGreaterThan(0);
  });

  it('faucets, refreshes, shows exact balances and a balance_change only in the owner feed', async () => {
    const user = await c.app.signUp();
    const [evm, solana] = user.wallets;
    const priced = await c.admin('/v1/sandbox/prices', {
      network: 'base',
      asset: USDC_ADDRESSES.base,
      usd: '1',
    });
    expect(priced.statusCode).toBe(200);

    const faucet = await c.post('/v1/sandbox/faucet', user.token, {
      walletId: evm.id,
      network: 'base',
      token: USDC_ADDRESSES.base.toLowerCase(),
      amount: '100.5',
    });
    expect(faucet.statusCode).toBe(201);
    expect(faucet.json()).toMatchObject({ network: 'base', status: 'success' });
    expect(faucet.json().explorerUrl).toMatch(/\/v1\/sandbox\/explorer\/tx\/0x[0-9a-f]{64}$/);
    await c.post('/v1/sandbox/faucet', user.token, {
      walletId: solana.id,
      network: 'solana',
      token: null,
      amount: '2',
    });

    const list = await c.refreshed(user.token);
    const base = list.find((w) => w.id === evm.id)!;
    expect(base.balances).toEqual([
      {
        network: 'base',
        token: USDC_ADDRESSES.base,
        symbol: 'USDC',
        decimals: 6,
        amountRaw: '100500000',
        amountFormatted: '100.5',
        usdValue: '100.50',
      },
    ]);
    expect(base.refresh).toEqual({ status: 'observed', lastObservedAt: expect.any(String), error: null });
    const sol = list.find((w) => w.id === solana.id)!;
    expect(sol.balances).toEqual([
      expect.objectContaining({
        network: 'solana',
        token: null,
        symbol: 'SOL',
        amountRaw: '2000000000',
        amountFormatted: '2',
      }),
    ]);

    const mine = (
      await c.app.request({
        method: 'GET',
        url: '/v1/activity/feed?scope=mine&kinds=balance_change',
        headers: bearer(user.token),
      })
    ).json().entries;
    expect(mine).toHaveLength(2);
    const usdc = mine.find((e: { activity: { networks: string[] } }) => e.activity.networks[0] === 'base');
    expect(usdc).toMatchObject({ kind: 'balance_change', actor: { username: user.username } });
    expect(usdc.activity).toEqual({
      action: 'balance_change',
      title: 'Balance changed',
      networks: ['base'],
      route: null,
      isSuccess: null,
      error: null,
      reason: null,
      assetChanges: [
        {
          amount: '100.5',
          amountRaw: '100500000',
          walletAddress: evm.address,
          asset: { network: 'base', token: USDC_ADDRESSES.base, symbol: 'USDC', decimals: 6 },
          valuation: { usd: '100.50' },
          feeAmount: null,
          kind: 'balance',
        },
      ],
      references: [],
      transactionHash: null,
      transactionUrl: null,
      at: expect.any(String),
    });
    const global = (
      await c.app.request({ method: 'GET', url: '/v1/activity/feed?scope=global&limit=100' })
    ).json().entries;
    expect(global.some((e: { kind: string }) => e.kind === 'balance_change')).toBe(false);

    // Nothing changed: a second observation adds no balance_change.
    await c.refreshed(user.token, { walletId: evm.id });
    const again = (
      await c.app.request({
        method: 'GET',
        url: '/v1/activity/feed?scope=mine&kinds=balance_change',
        headers: bearer(user.token),
      })
    ).json().entries;
    expect(again).toHaveLength(2);
  });

  it('reports a deposit that an operation spent in full before any refresh saw it', async () => {
    const user = await c.app.signUp();
    const evm = user.wallets.find((w) => w.family === 'evm')!;
    await c.faucet(user.token, evm.id, 'base', null, '0.01');
    await c.refreshed(user.token);
    await c.faucet(user.token, evm.id, 'base', USDC_ADDRESSES.base, '7');
    const swap = await c.run(user.token, {
      kind: 'swap',
      walletId: evm.id,
      swapIntent: {
        from: { network: 'base', token: USDC_ADDRESSES.base },
        to: { network: 'base', token: null },
        amount: 'max',
        quoteFloor: { sellRaw: '1', receiveRaw: '1' },
      },
    });
    expect(swap.state).toBe('done');
    await c.refreshed(user.token);
    const changes = (await c.myFeed(user.token, 'balance_change')).flatMap(
      (entry) =>
        (entry.activity as { assetChanges: { amountRaw: string; asset: { symbol: string } }[] }).assetChanges,
    );
    // The 7 USDC arrived from elsewhere; the swap's own movements are its item's, not a change.
    expect(changes.filter((change) => change.asset.symbol === 'USDC')).toEqual([
      expect.objectContaining({ amount: '7', amountRaw: '7000000', kind: 'balance', valuation: null }),
    ]);
    await c.refreshed(user.token);
    expect((await c.myFeed(user.token, 'balance_change')).length).toBe(2);
  });

  it('refuses refreshes of missing or foreign wallets, and without account.write', async () => {
    const user = await c.app.signUp();
    const other = await c.app.signUp();
    expect(
      (await c.post('/v1/wallets/refresh', user.token, { walletId: other.wallets[0].id })).statusCode,
    ).toBe(404);
    expect((await c.post('/v1/wallets/refresh', user.token, { walletId: 99999999 })).statusCode).toBe(404);
    const weak = (await c.post('/v1/auth/tokens', user.token, { permits: ['wallet.sign'] })).json().token;
    const forbidden = await c.post('/v1/wallets/refresh', weak, {});
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('PERMIT_REQUIRED');
  });

  it('resumes the observer from its durable checkpoint after a restart, observing nothing twice', async () => {
    const user = await c.app.signUp();
    const [evm] = user.wallets;
    await c.post('/v1/sandbox/faucet', user.token, {
      walletId: evm.id,
      network: 'base',
      token: null,
      amount: '1',
    });
    await c.refreshed(user.token, { walletId: evm.id });
    const store = c.app.app.get<EventStore>(EVENT_STORE);
    const before = (await store.readStream(walletStream(evm.id))).map((e) => e.type);
    expect(before).toEqual(['BalanceRefreshRequested', 'BalancesObserved']);

    await c.restart();
    const list = await c.refreshed(user.token, { walletId: evm.id });
    expect(list.find((w) => w.id === evm.id)!.balances).toEqual([
      expect.objectContaining({ network: 'base', token: null, amountFormatted: '1' }),
    ]);
    const after = (await c.app.app.get<EventStore>(EVENT_STORE).readStream(walletStream(evm.id))).map(
      (e) => e.type,
    );
    expect(after).toEqual([...before, 'BalanceRefreshRequested', 'BalancesObserved']);
  });
});
