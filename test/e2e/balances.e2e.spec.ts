import { randomUUID } from 'node:crypto';
import { parseEvmAddress } from '@vetted/kernel';
import { EVENT_STORE, type EventStore, walletStream } from '@vetted/event-store';
import { USDC_ADDRESSES } from '@vetted/sandbox';
import { bearer, startTestApp, type TestApp } from '../support/test-app';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type WalletJson = { id: number; refresh: { status: string }; [field: string]: any };

const ADMIN = 'test-sandbox-admin-token';
const admin = { 'x-sandbox-admin': ADMIN };

describe('sandbox, balances and deposit wallets over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { SANDBOX_ADMIN_TOKEN: ADMIN } });
  });
  afterAll(() => t.close());

  const post = (url: string, token: string | null, payload?: object, headers: Record<string, string> = {}) =>
    t.request({ method: 'POST', url, headers: { ...(token ? bearer(token) : {}), ...headers }, payload });
  const wallets = async (token: string, archived = false) =>
    (
      await t.request({
        method: 'GET',
        url: `/v1/wallets/list${archived ? '?archived=true' : ''}`,
        headers: bearer(token),
      })
    ).json();

  /** The observation is made by a process manager: wait until every refreshed wallet reports it. */
  async function refreshed(token: string, body: object = {}) {
    const res = await post('/v1/wallets/refresh', token, body);
    expect(res.statusCode).toBe(202);
    const ids: number[] = res.json().walletIds;
    for (let i = 0; i < 200; i++) {
      const list: WalletJson[] = await wallets(token);
      if (ids.every((id) => list.find((w) => w.id === id)?.refresh.status === 'observed')) return list;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('observation did not complete');
  }

  it('serves the token registry and the markets publicly', async () => {
    const tokens = (await t.request({ method: 'GET', url: '/v1/sandbox/tokens' })).json();
    expect(tokens).toEqual(
      expect.arrayContaining([
        { network: 'base', token: USDC_ADDRESSES.base, symbol: 'USDC', decimals: 6 },
        { network: 'ethereum', token: null, symbol: 'ETH', decimals: 18 },
        expect.objectContaining({ network: 'solana', token: null, symbol: 'SOL', decimals: 9 }),
        expect.objectContaining({ network: 'polygon', symbol: 'pUSD', decimals: 6 }),
      ]),
    );
    const markets = (await t.request({ method: 'GET', url: '/v1/sandbox/markets' })).json();
    expect(markets.length).toBeGreaterThan(0);
  });

  it('faucets, refreshes, shows exact balances and a balance_change only in the owner feed', async () => {
    const user = await t.signUp();
    const [evm, solana] = user.wallets;
    const priced = await post(
      '/v1/sandbox/prices',
      null,
      { network: 'base', asset: USDC_ADDRESSES.base, usd: '1' },
      admin,
    );
    expect(priced.statusCode).toBe(200);

    const faucet = await post('/v1/sandbox/faucet', user.token, {
      walletId: evm.id,
      network: 'base',
      token: USDC_ADDRESSES.base.toLowerCase(),
      amount: '100.5',
    });
    expect(faucet.statusCode).toBe(201);
    expect(faucet.json()).toMatchObject({ network: 'base', status: 'success' });
    expect(faucet.json().explorerUrl).toMatch(/\/v1\/sandbox\/explorer\/tx\/0x[0-9a-f]{64}$/);
    await post('/v1/sandbox/faucet', user.token, {
      walletId: solana.id,
      network: 'solana',
      token: null,
      amount: '2',
    });

    const list = await refreshed(user.token);
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
      await t.request({
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
      await t.request({ method: 'GET', url: '/v1/activity/feed?scope=global&limit=100' })
    ).json().entries;
    expect(global.some((e: { kind: string }) => e.kind === 'balance_change')).toBe(false);

    // Nothing changed: a second observation adds no balance_change.
    await refreshed(user.token, { walletId: evm.id });
    const again = (
      await t.request({
        method: 'GET',
        url: '/v1/activity/feed?scope=mine&kinds=balance_change',
        headers: bearer(user.token),
      })
    ).json().entries;
    expect(again).toHaveLength(2);
  });

  it('refuses refreshes of missing or foreign wallets, and without account.write', async () => {
    const user = await t.signUp();
    const other = await t.signUp();
    expect(
      (await post('/v1/wallets/refresh', user.token, { walletId: other.wallets[0].id })).statusCode,
    ).toBe(404);
    expect((await post('/v1/wallets/refresh', user.token, { walletId: 99999999 })).statusCode).toBe(404);
    const weak = (await post('/v1/auth/tokens', user.token, { permits: ['wallet.sign'] })).json().token;
    const forbidden = await post('/v1/wallets/refresh', weak, {});
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('PERMIT_REQUIRED');
  });

  describe('prediction-venue deposit wallets', () => {
    it('deploys once per controller, replays the same key, follows controller renames', async () => {
      const user = await t.signUp();
      const [evm, solana] = user.wallets;
      const key = randomUUID();
      const created = await post('/v1/predict/deposit-wallets', user.token, {
        controllerWalletId: evm.id,
        idempotencyKey: key,
      });
      expect(created.statusCode).toBe(201);
      const deposit = created.json();
      expect(deposit).toMatchObject({
        name: 'Predict - Your EVM Wallet',
        family: 'evm',
        kind: 'deposit',
        venue: 'predict',
        controllerWalletId: evm.id,
        archived: false,
        deployment: { status: 'deployed', error: null },
      });
      expect(parseEvmAddress(deposit.address)).toBe(deposit.address);
      expect(deposit.address).not.toBe(evm.address);

      const replay = await post('/v1/predict/deposit-wallets', user.token, {
        controllerWalletId: evm.id,
        idempotencyKey: key,
      });
      expect(replay.statusCode).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json()).toEqual(deposit);
      const existing = await post('/v1/predict/deposit-wallets', user.token, { controllerWalletId: evm.id });
      expect(existing.statusCode).toBe(200);
      expect(existing.json().id).toBe(deposit.id);

      await post(`/v1/wallets/${evm.id}/rename`, user.token, { name: 'Main' });
      const listed = (await wallets(user.token)).find((w: { id: number }) => w.id === deposit.id);
      expect(listed.name).toBe('Predict - Main');
      const rename = await post(`/v1/wallets/${deposit.id}/rename`, user.token, { name: 'Mine' });
      expect(rename.statusCode).toBe(400);
      expect(rename.json().error.fields[0].path).toBe('name');

      expect((await post('/v1/wallets/refresh', user.token, { walletId: deposit.id })).statusCode).toBe(202);
      expect(
        (await post('/v1/predict/deposit-wallets', user.token, { controllerWalletId: solana.id })).statusCode,
      ).toBe(400);
      const stranger = await t.signUp();
      expect(
        (await post('/v1/predict/deposit-wallets', stranger.token, { controllerWalletId: evm.id }))
          .statusCode,
      ).toBe(404);

      const second = (await post('/v1/wallets', user.token, { family: 'evm' })).json();
      const conflict = await post('/v1/predict/deposit-wallets', user.token, {
        controllerWalletId: second.id,
        idempotencyKey: key,
      });
      expect(conflict.statusCode).toBe(409);
      expect(conflict.json().error.code).toBe('IDEMPOTENCY_CONFLICT');
    });

    it('answers 502 when deployment fails, keeps that key failed, and deploys with a new key', async () => {
      const user = await t.signUp();
      const [evm] = user.wallets;
      expect(
        (await post('/v1/sandbox/faults', null, { target: 'depositWallet', mode: 'fail', count: 1 }, admin))
          .statusCode,
      ).toBe(201);
      const key = randomUUID();
      const failed = await post('/v1/predict/deposit-wallets', user.token, {
        controllerWalletId: evm.id,
        idempotencyKey: key,
      });
      expect(failed.statusCode).toBe(502);
      expect(failed.json().error.code).toBe('DEPOSIT_WALLET_FAILED');

      const pending = (await wallets(user.token)).find((w: { kind: string }) => w.kind === 'deposit');
      expect(pending).toMatchObject({ address: null, deployment: { status: 'failed' } });
      const unenrolled = await post('/v1/wallets/refresh', user.token, { walletId: pending.id });
      expect(unenrolled.statusCode).toBe(409);
      expect(unenrolled.json().error.code).toBe('ENROLLMENT_MISSING');

      const sameKey = await post('/v1/predict/deposit-wallets', user.token, {
        controllerWalletId: evm.id,
        idempotencyKey: key,
      });
      expect(sameKey.statusCode).toBe(502);
      const fresh = await post('/v1/predict/deposit-wallets', user.token, {
        controllerWalletId: evm.id,
        idempotencyKey: randomUUID(),
      });
      expect(fresh.statusCode).toBe(201);
      expect(fresh.json()).toMatchObject({ id: pending.id, deployment: { status: 'deployed' } });
    });

    it('needs wallet.sign', async () => {
      const user = await t.signUp();
      const weak = (await post('/v1/auth/tokens', user.token, { permits: ['account.write'] })).json().token;
      const res = await post('/v1/predict/deposit-wallets', weak, { controllerWalletId: user.wallets[0].id });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('sandbox admin and explorer', () => {
    it('needs the admin header', async () => {
      for (const headers of [{}, { 'x-sandbox-admin': 'wrong' }] as Record<string, string>[]) {
        const res = await post('/v1/sandbox/clock', null, { advanceSeconds: 1 }, headers);
        expect(res.statusCode).toBe(401);
      }
    });

    it('moves time, expires prices, resolves markets', async () => {
      const before = (await post('/v1/sandbox/clock', null, { advanceSeconds: 0 }, admin)).json().now;
      const after = (await post('/v1/sandbox/clock', null, { advanceSeconds: 90 }, admin)).json().now;
      const moved = Date.parse(after) - Date.parse(before);
      expect(moved).toBeGreaterThanOrEqual(90_000);
      expect(moved).toBeLessThan(95_000);
      const expired = await post(
        '/v1/sandbox/prices',
        null,
        { network: 'ethereum', asset: 'native', expire: true },
        admin,
      );
      expect(expired.statusCode).toBe(200);
      const market = (await t.request({ method: 'GET', url: '/v1/sandbox/markets' })).json()[0];
      const outcome = market.outcomes[0];
      const resolved = await post(
        `/v1/sandbox/markets/${market.id}/resolve`,
        null,
        { outcome: outcome.asset.token },
        admin,
      );
      expect(resolved.statusCode).toBe(200);
      expect(resolved.json()).toMatchObject({
        id: market.id,
        status: 'resolved',
        winningOutcome: outcome.asset.token,
      });
      const unknown = await post('/v1/sandbox/markets/nope/resolve', null, { outcome: 'x' }, admin);
      expect(unknown.statusCode).toBe(400);
    });

    it('shows a transaction as JSON and as a page', async () => {
      const user = await t.signUp();
      const { hash } = (
        await post('/v1/sandbox/faucet', user.token, {
          walletId: user.wallets[0].id,
          network: 'ethereum',
          token: null,
          amount: '0.25',
        })
      ).json();
      const json = await t.request({
        method: 'GET',
        url: `/v1/sandbox/explorer/tx/${hash}`,
        headers: { accept: 'application/json' },
      });
      expect(json.json()).toMatchObject({ hash, network: 'ethereum', status: 'success' });
      expect(json.json().transfers).toEqual([
        expect.objectContaining({
          to: user.wallets[0].address,
          amount: '0.25',
          symbol: 'ETH',
          purpose: 'value',
        }),
      ]);
      const page = await t.request({ method: 'GET', url: `/v1/sandbox/explorer/tx/${hash}` });
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain(hash);
      expect((await t.request({ method: 'GET', url: '/v1/sandbox/explorer/tx/nothash' })).statusCode).toBe(
        400,
      );
      expect(
        (await t.request({ method: 'GET', url: `/v1/sandbox/explorer/tx/0x${'0'.repeat(64)}` })).statusCode,
      ).toBe(404);
    });

    it('refuses faucet requests for foreign wallets, wrong networks, unknown tokens, bad amounts', async () => {
      const user = await t.signUp();
      const other = await t.signUp();
      const [evm, solana] = user.wallets;
      const cases: [object, number, string?][] = [
        [{ walletId: other.wallets[0].id, network: 'base', token: null, amount: '1' }, 404],
        [{ walletId: solana.id, network: 'base', token: null, amount: '1' }, 400, 'network'],
        [
          {
            walletId: evm.id,
            network: 'base',
            token: '0x0000000000000000000000000000000000000001',
            amount: '1',
          },
          400,
          'token',
        ],
        [
          { walletId: evm.id, network: 'base', token: USDC_ADDRESSES.base, amount: '1.0000001' },
          400,
          'amount',
        ],
        [{ walletId: evm.id, network: 'base', token: USDC_ADDRESSES.base, amount: '-1' }, 400, 'amount'],
        [{ walletId: evm.id, network: 'mars', token: null, amount: '1' }, 400, 'network'],
      ];
      for (const [payload, status, path] of cases) {
        const before = await t.head();
        const res = await post('/v1/sandbox/faucet', user.token, payload);
        expect(res.statusCode).toBe(status);
        if (path) expect(res.json().error.fields[0].path).toBe(path);
        expect(await t.head()).toBe(before);
      }
    });
  });

  it('resumes the observer from its durable checkpoint after a restart, observing nothing twice', async () => {
    const user = await t.signUp();
    const [evm] = user.wallets;
    await post('/v1/sandbox/faucet', user.token, {
      walletId: evm.id,
      network: 'base',
      token: null,
      amount: '1',
    });
    await refreshed(user.token, { walletId: evm.id });
    const store = t.app.get<EventStore>(EVENT_STORE);
    const before = (await store.readStream(walletStream(evm.id))).map((e) => e.type);
    expect(before).toEqual(['BalanceRefreshRequested', 'BalancesObserved']);

    t = await t.restart();
    const list = await refreshed(user.token, { walletId: evm.id });
    expect(list.find((w) => w.id === evm.id)!.balances).toEqual([
      expect.objectContaining({ network: 'base', token: null, amountFormatted: '1' }),
    ]);
    const after = (await t.app.get<EventStore>(EVENT_STORE).readStream(walletStream(evm.id))).map(
      (e) => e.type,
    );
    expect(after).toEqual([...before, 'BalanceRefreshRequested', 'BalancesObserved']);
  });
});
