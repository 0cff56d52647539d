import { USDC_ADDRESSES } from '@vetted/sandbox';
import { SANDBOX_ADMIN, SandboxTestClient } from '../support/sandbox-client';

let c: SandboxTestClient;
beforeAll(async () => {
  c = await SandboxTestClient.start();
});
afterAll(() => c.app.close());

describe('sandbox admin and explorer', () => {
  it('needs the admin header, and its 401 names that header, not a bearer token', async () => {
    for (const [headers, message] of [
      [{}, 'sandbox admin endpoints need the X-Sandbox-Admin header'],
      [{ 'x-sandbox-admin': 'wrong' }, "the X-Sandbox-Admin header is not this server's sandbox admin token"],
    ] as [Record<string, string>, string][]) {
      const res = await c.post('/v1/sandbox/clock', null, { advanceSeconds: 1 }, headers);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('SandboxAdmin realm="vetted", header="X-Sandbox-Admin"');
      expect(res.json().error.message).toContain(message);
    }
    // The header twice, even with the right token both times: Node joins the two values, which
    // then matched no token and answered that the header was missing or wrong.
    const twice = await c.post(
      '/v1/sandbox/clock',
      null,
      { advanceSeconds: 1 },
      {
        'x-sandbox-admin': [SANDBOX_ADMIN, SANDBOX_ADMIN] as unknown as string,
      },
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toMatchObject({
      code: 'MALFORMED_REQUEST',
      message: 'send one X-Sandbox-Admin header, not several',
    });
    // Who may call is answered before what the request asks: an unknown query parameter is 401
    // without the header, 400 with it.
    expect((await c.post('/v1/sandbox/clock?x=1', null, { advanceSeconds: 1 })).statusCode).toBe(401);
    const asked = await c.admin('/v1/sandbox/clock?x=1', { advanceSeconds: 1 });
    expect(asked.statusCode).toBe(400);
    expect(asked.json().error.fields).toEqual([{ path: 'x', message: 'is not an allowed property' }]);
  });

  it('names the field at fault when a price is refused: the usd for the asset, or the asset', async () => {
    const market = (await c.app.request({ method: 'GET', url: '/v1/sandbox/markets' })).json()[0];
    const outcome = market.outcomes[0].asset.token;
    for (const [body, path] of [
      [{ network: 'base', asset: 'native', usd: '0' }, 'usd'],
      [{ network: 'polygon', asset: outcome, usd: '1.5' }, 'usd'],
      [{ network: 'base', asset: 'DOGE', usd: '1' }, 'asset'],
    ] as const) {
      const refused = await c.admin('/v1/sandbox/prices', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path }] });
    }
  });

  it("sets an outcome's price exactly, the others keeping their shares of the rest", async () => {
    const markets = (await c.app.request({ method: 'GET', url: '/v1/sandbox/markets' })).json();
    const market = markets.find((m: { outcomes: unknown[] }) => m.outcomes.length > 2);
    const token = (i: number): string => market.outcomes[i].asset.token;
    for (const [i, usd] of [
      [1, '0.000001'],
      [1, '0.007'],
      [0, '0.123456789'],
      [1, '0.000007'],
    ] as const) {
      const set = await c.admin('/v1/sandbox/prices', { network: 'polygon', asset: token(i), usd });
      expect(set.json().usd).toBe(usd);
    }
    // Four outcomes sum to 1: the last three keep their proportions (0.2 : 0.15 : 0.45 at first).
    const set = await c.admin('/v1/sandbox/prices', { network: 'polygon', asset: token(1), usd: '0.5' });
    expect(set.json().usd).toBe('0.5');
    const shown = (await c.app.request({ method: 'GET', url: '/v1/sandbox/markets' }))
      .json()
      .find((m: { id: string }) => m.id === market.id).outcomes;
    expect(shown[1].price).toBe('0.5');
    // Shown to 6 decimals: in millionths, the four sum to 1 within their rounding.
    const millionths = shown.reduce(
      (sum: bigint, o: { price: string }) => sum + BigInt(o.price.replace('.', '').padEnd(7, '0')),
      0n,
    );
    expect(millionths >= 999_998n && millionths <= 1_000_002n).toBe(true);
  });

  it('moves time, expires prices, resolves markets', async () => {
    const before = (await c.admin('/v1/sandbox/clock', { advanceSeconds: 0 })).json().now;
    const after = (await c.admin('/v1/sandbox/clock', { advanceSeconds: 90 })).json().now;
    const moved = Date.parse(after) - Date.parse(before);
    expect(moved).toBeGreaterThanOrEqual(90_000);
    expect(moved).toBeLessThan(95_000);
    const expired = await c.admin('/v1/sandbox/prices', {
      network: 'ethereum',
      asset: 'native',
      expire: true,
    });
    expect(expired.statusCode).toBe(200);
    const market = (await c.app.request({ method: 'GET', url: '/v1/sandbox/markets' })).json()[0];
    const outcome = market.outcomes[0];
    const resolved = await c.admin(`/v1/sandbox/markets/${market.id}/resolve`, {
      outcome: outcome.asset.token,
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({
      id: market.id,
      status: 'resolved',
      winningOutcome: outcome.asset.token,
    });
    const unknown = await c.admin('/v1/sandbox/markets/nope/resolve', { outcome: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
  });

  it('shows a transaction as JSON and as a page', async () => {
    const user = await c.app.signUp();
    const { hash } = (
      await c.post('/v1/sandbox/faucet', user.token, {
        walletId: user.wallets[0].id,
        network: 'ethereum',
        token: null,
        amount: '0.25',
      })
    ).json();
    const json = await c.app.request({
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
    expect(json.json()).not.toHaveProperty('submissionId');
    const upper = await c.app.request({
      method: 'GET',
      url: `/v1/sandbox/explorer/tx/${hash}`,
      headers: { accept: 'APPLICATION/JSON' },
    });
    expect(upper.json()).toEqual(json.json());
    const page = await c.app.request({ method: 'GET', url: `/v1/sandbox/explorer/tx/${hash}` });
    expect(page.headers['content-type']).toContain('text/html');
    // One URL, two answers by Accept: caches must tell them apart.
    expect(page.headers.vary).toBe('Accept');
    expect(json.headers.vary).toBe('Accept');
    expect(page.body).toContain(hash);
    expect((await c.app.request({ method: 'GET', url: '/v1/sandbox/explorer/tx/nothash' })).statusCode).toBe(
      400,
    );
    expect(
      (await c.app.request({ method: 'GET', url: `/v1/sandbox/explorer/tx/0x${'0'.repeat(64)}` })).statusCode,
    ).toBe(404);
  });

  it('refuses faucet requests for foreign wallets, wrong networks, unknown tokens, bad amounts', async () => {
    const user = await c.app.signUp();
    const other = await c.app.signUp();
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
      [{ walletId: evm.id, network: 'base', token: USDC_ADDRESSES.base, amount: '1.0000001' }, 400, 'amount'],
      [{ walletId: evm.id, network: 'base', token: USDC_ADDRESSES.base, amount: '-1' }, 400, 'amount'],
      [{ walletId: evm.id, network: 'mars', token: null, amount: '1' }, 400, 'network'],
    ];
    for (const [payload, status, path] of cases) {
      const before = await c.app.head();
      const res = await c.post('/v1/sandbox/faucet', user.token, payload);
      expect(res.statusCode).toBe(status);
      if (path) expect(res.json().error.fields[0].path).toBe(path);
      expect(await c.app.head()).toBe(before);
    }
    // An exact decimal, but longer than any amount: refused for its length before it is read.
    const long = await c.post('/v1/sandbox/faucet', user.token, {
      walletId: evm.id,
      network: 'base',
      token: null,
      amount: `0.${'0'.repeat(60_000)}1`,
    });
    expect(long.json().error.fields).toEqual([
      { path: 'amount', message: 'must be shorter than or equal to 100 characters' },
    ]);
  });
  it('refuses a faucet deposit that would take a token past a uint256, counting what exists already', async () => {
    const user = await c.app.signUp();
    const walletId = user.wallets[0].id;
    const usdc = (raw: bigint): string =>
      `${raw / 1_000_000n}.${(raw % 1_000_000n).toString().padStart(6, '0')}`;
    const half = 1n << 255n;
    const faucet = (amount: string) =>
      c.post('/v1/sandbox/faucet', user.token, {
        walletId,
        network: 'base',
        token: USDC_ADDRESSES.base,
        amount,
      });
    expect((await faucet(usdc(half))).statusCode).toBe(201);
    for (const amount of [usdc(half), usdc(1n << 256n), '9'.repeat(80)]) {
      const before = await c.app.head();
      const res = await faucet(amount);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual([
        { path: 'amount', message: expect.stringContaining('past 2^256 - 1 raw units') },
      ]);
      expect(await c.app.head()).toBe(before);
    }
  });
  it('refuses a faucet deposit that would take SOL past a u64 of lamports, as Solana would', async () => {
    const user = await c.app.signUp();
    const walletId = user.wallets.find((w) => w.family === 'solana')!.id;
    const sol = (lamports: bigint): string =>
      `${lamports / 1_000_000_000n}.${(lamports % 1_000_000_000n).toString().padStart(9, '0')}`;
    const faucet = (amount: string) =>
      c.post('/v1/sandbox/faucet', user.token, { walletId, network: 'solana', token: null, amount });
    expect((await faucet(sol(1n << 63n))).statusCode).toBe(201);
    const before = await c.app.head();
    const res = await faucet(sol(1n << 63n));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([
      { path: 'amount', message: expect.stringContaining('past 2^64 - 1 raw units (a u64)') },
    ]);
    expect(await c.app.head()).toBe(before);
  });
  it("shows an operation's transaction publicly without the operation's id", async () => {
    const user = await c.app.signUp();
    const evm = user.wallets.find((w) => w.family === 'evm')!;
    await c.faucet(user.token, evm.id, 'base', null, '1');
    // Earlier specifications moved the sandbox clock past the price's shelf life.
    expect(
      (await c.admin('/v1/sandbox/prices', { network: 'base', asset: 'native', usd: '3000' })).statusCode,
    ).toBe(200);
    const done = await c.run(user.token, {
      kind: 'send',
      walletId: evm.id,
      sendIntent: {
        token: { network: 'base', token: null },
        amount: '0.1',
        to: { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
      },
    });
    expect(done.state).toBe('done');
    const id = done.id as string;
    for (const accept of ['application/json', 'text/html']) {
      const shown = await c.app.request({
        method: 'GET',
        url: `/v1/sandbox/explorer/tx/${done.txs[0].hash}`,
        headers: { accept },
      });
      expect(shown.statusCode).toBe(200);
      expect(shown.body).not.toContain(id);
    }
  });
});
