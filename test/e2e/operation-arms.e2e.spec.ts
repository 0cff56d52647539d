import { randomUUID } from 'node:crypto';
import { PUSD_POLYGON, USDC_ADDRESSES } from '@vetted/sandbox';
import { baseSwap, usdcSend } from '../support/operation-bodies';
import { amountOf, SandboxTestClient } from '../support/sandbox-client';
import { bearer } from '../support/test-app';

const USDC = USDC_ADDRESSES.base;
const PERPS_USDC = USDC_ADDRESSES.perps;

type AuditEntry = { type: string; data: Record<string, unknown> };

describe('reviewed operations, the remaining arms, over HTTP', () => {
  let c: SandboxTestClient;
  beforeAll(async () => {
    c = await SandboxTestClient.start();
  });
  afterAll(() => c.app.close());

  const faucet = (token: string, walletId: number, network: string, asset: string | null, amount: string) =>
    c.faucet(token, walletId, network, asset, amount);
  const create = (token: string, operation: object, key?: string) => c.createOperation(token, operation, key);
  const approve = (token: string, id: string) => c.post(`/v1/operations/${id}/approve`, token);
  const get = (token: string, id: string) => c.getOperation(token, id);
  const timeline = (token: string, id: string): Promise<AuditEntry[]> => c.timeline(token, id);
  const list = async (token: string, query: string) =>
    (await c.app.request({ method: 'GET', url: `/v1/operations?${query}`, headers: bearer(token) })).json();

  const settled = (token: string, id: string, whileWorking?: () => Promise<void>) =>
    c.settledOperation(token, id, whileWorking);

  const run = (token: string, operation: object) => c.run(token, operation);
  const balances = (token: string, walletId: number) => c.balances(token, walletId);

  /** What a settled leg's receipt moved into (+) and out of (-) `address` in `token`, fees included. */
  function receiptNet(entry: AuditEntry, address: string, token: string): bigint {
    const receipt = entry.data.receipt as {
      transfers: { token: string; from: string | null; to: string | null; amountRaw: string }[];
    };
    let net = 0n;
    for (const t of receipt.transfers) {
      if (t.token !== token) continue;
      if (t.to === address) net += BigInt(t.amountRaw);
      if (t.from === address) net -= BigInt(t.amountRaw);
    }
    return net;
  }

  describe('perp', () => {
    it('opens a position on approval, replays and refuses a changed request, then closes it', async () => {
      const user = await c.app.signUp();
      const evm = user.wallets[0];
      await faucet(user.token, evm.id, 'perps', PERPS_USDC, '100');
      const operation = {
        kind: 'perp',
        walletId: evm.id,
        perpIntent: { coin: 'BTC', side: 'long', leverage: 2, amountUsdc: '50' },
      };
      const key = randomUUID();
      const created = await create(user.token, operation, key);
      expect(created.statusCode).toBe(201);
      const op = created.json();
      expect(op).toMatchObject({
        state: 'awaitingApproval',
        progress: { completed: 0, total: 1 },
        txs: [],
        request: { kind: 'actionSequence', creationRequest: operation },
      });
      expect(op.request.actions).toEqual([
        {
          kind: 'perpOrder',
          order: {
            address: evm.address,
            coin: 'BTC',
            side: 'buy',
            size: expect.stringMatching(/^0\.\d{1,5}$/),
            limitPx: expect.any(String),
            reduceOnly: false,
            leverage: 2,
          },
        },
      ]);
      const size: string = op.request.actions[0].order.size;

      const replay = await create(user.token, operation, key);
      expect(replay.statusCode).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json().id).toBe(op.id);
      const changed = { ...operation, perpIntent: { ...operation.perpIntent, amountUsdc: '40' } };
      const conflict = await create(user.token, changed, key);
      expect(conflict.statusCode).toBe(409);
      expect(conflict.json().error.code).toBe('IDEMPOTENCY_CONFLICT');

      expect((await approve(user.token, op.id)).statusCode).toBe(200);
      const opened = await settled(user.token, op.id);
      expect(opened).toMatchObject({
        state: 'done',
        progress: { completed: 1, total: 1 },
        txs: [{ network: 'perps', status: 'success', hash: expect.any(String) }],
        result: {
          txHashes: [opened.txs[0].hash],
          fills: [{ venue: 'perps', coin: 'BTC', side: 'buy', status: 'filled', size, filledSize: size }],
        },
      });
      const openSettled = (await timeline(user.token, op.id)).find((e) => e.type === 'LegSettled')!;
      expect(openSettled.data.receipt).toMatchObject({
        network: 'perps',
        status: 'success',
        fill: { venue: 'perps', coin: 'BTC', side: 'buy', status: 'filled', size, filledSize: size },
      });
      const afterOpen = amountOf(await balances(user.token, evm.id), 'perps', PERPS_USDC);
      expect(afterOpen).toBe(100_000_000n + receiptNet(openSettled, evm.address, PERPS_USDC));
      expect(afterOpen).toBeLessThan(100_000_000n);

      const close = { kind: 'perpClose', walletId: evm.id, closeIntent: { coin: 'BTC' } };
      const closing = await create(user.token, close);
      expect(closing.statusCode).toBe(201);
      expect(closing.json().request.actions).toEqual([
        {
          kind: 'perpOrder',
          order: expect.objectContaining({ coin: 'BTC', side: 'sell', size, reduceOnly: true }),
          closes: size,
        },
      ]);
      expect((await approve(user.token, closing.json().id)).statusCode).toBe(200);
      const closed = await settled(user.token, closing.json().id);
      expect(closed).toMatchObject({ state: 'done', txs: [{ network: 'perps', status: 'success' }] });
      const closeSettled = (await timeline(user.token, closed.id)).find((e) => e.type === 'LegSettled')!;
      expect(closeSettled.data.receipt).toMatchObject({
        fill: { coin: 'BTC', side: 'sell', status: 'filled', filledSize: size },
      });
      const afterClose = amountOf(await balances(user.token, evm.id), 'perps', PERPS_USDC);
      expect(afterClose).toBe(afterOpen + receiptNet(closeSettled, evm.address, PERPS_USDC));

      // Nothing is left to close.
      const again = await create(user.token, close);
      expect(again.statusCode).toBe(400);
      expect(again.json().error.fields).toEqual([
        { path: 'operation.closeIntent.coin', message: expect.stringContaining('no open BTC position') },
      ]);
    });

    it('refuses leverage above the cap, an order under the minimum, and a close without a position', async () => {
      const user = await c.app.signUp();
      const evm = user.wallets[0];
      await faucet(user.token, evm.id, 'perps', PERPS_USDC, '100');
      const open = (leverage: number, amountUsdc: string) => ({
        kind: 'perp',
        walletId: evm.id,
        perpIntent: { coin: 'BTC', side: 'long', leverage, amountUsdc },
      });
      const before = await c.app.head();

      const tooLeveraged = await create(user.token, open(41, '50'));
      expect(tooLeveraged.statusCode).toBe(400);
      expect(tooLeveraged.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: [{ path: 'operation.perpIntent.leverage', message: expect.stringContaining('40') }],
      });

      const small = await create(user.token, open(1, '9'));
      expect(small.statusCode).toBe(400);
      expect(small.json().error.code).toBe('BELOW_MINIMUM_ORDER');

      const noPosition = await create(user.token, {
        kind: 'perpClose',
        walletId: evm.id,
        closeIntent: { coin: 'ETH' },
      });
      expect(noPosition.statusCode).toBe(400);
      expect(noPosition.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: [{ path: 'operation.closeIntent.coin', message: expect.any(String) }],
      });
      expect(await c.app.head()).toBe(before);
    });
  });

  describe('prediction', () => {
    type Market = { id: string; status: string; outcomes: { name: string; asset: { token: string } }[] };
    const markets = async (): Promise<Market[]> =>
      (await c.app.request({ method: 'GET', url: '/v1/sandbox/markets' })).json();

    it('buys shares of an open market for pUSD and sells every share', async () => {
      const user = await c.app.signUp();
      const evm = user.wallets[0];
      await faucet(user.token, evm.id, 'polygon', PUSD_POLYGON, '100');
      const market = (await markets()).find((m) => m.id === 'btc-150k-2026')!;
      expect(market.status).toBe('open');
      const outcome = market.outcomes[0].asset.token;

      const bought = await run(user.token, {
        kind: 'prediction',
        walletId: evm.id,
        order: { action: 'buy', outcome, spendPusd: '10' },
      });
      expect(bought).toMatchObject({ state: 'done', txs: [{ network: 'polygon', status: 'success' }] });
      const held = await balances(user.token, evm.id);
      expect(amountOf(held, 'polygon', PUSD_POLYGON)).toBe(90_000_000n);
      const shares = amountOf(held, 'polygon', outcome);
      expect(shares).toBeGreaterThan(0n);
      expect(shares).toBeGreaterThanOrEqual(BigInt(bought.request.actions[0].order.minSharesRaw));

      const sellAll = {
        kind: 'prediction',
        walletId: evm.id,
        order: { action: 'sell', outcome, shares: 'max' },
      };
      const created = await create(user.token, sellAll);
      expect(created.statusCode).toBe(201);
      expect(created.json().request.actions).toEqual([
        {
          kind: 'predictionSell',
          order: expect.objectContaining({ outcome, sharesRaw: shares.toString() }),
        },
      ]);
      expect((await approve(user.token, created.json().id)).statusCode).toBe(200);
      const sold = await settled(user.token, created.json().id);
      expect(sold.state).toBe('done');
      const after = await balances(user.token, evm.id);
      expect(amountOf(after, 'polygon', outcome)).toBe(0n);
      const proceeds = amountOf(after, 'polygon', PUSD_POLYGON) - 90_000_000n;
      expect(proceeds).toBeGreaterThanOrEqual(BigInt(created.json().request.actions[0].order.minProceedsRaw));
    });

    it("refuses to buy a resolved market's outcome, naming the field", async () => {
      const user = await c.app.signUp();
      const evm = user.wallets[0];
      await faucet(user.token, evm.id, 'polygon', PUSD_POLYGON, '100');
      const market = (await markets()).find((m) => m.id === 'world-cup-2026-winner')!;
      const [winner, loser] = market.outcomes.map((o) => o.asset.token);
      const resolved = await c.admin(`/v1/sandbox/markets/${market.id}/resolve`, { outcome: winner });
      expect(resolved.statusCode).toBe(200);
      const before = await c.app.head();
      const refused = await create(user.token, {
        kind: 'prediction',
        walletId: evm.id,
        order: { action: 'buy', outcome: loser, spendPusd: '10' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: [{ path: 'operation.order.outcome', message: expect.stringContaining('resolved') }],
      });
      expect(await c.app.head()).toBe(before);
    });
  });

  it('fails a swap its wallet can no longer fund before its approval leg spends gas', async () => {
    const user = await c.app.signUp();
    const other = await c.app.signUp();
    const evm = user.wallets[0];
    await faucet(user.token, evm.id, 'base', null, '1');
    await faucet(user.token, evm.id, 'base', USDC, '30');
    const swap = await create(
      user.token,
      baseSwap(evm.id, USDC, null, '30', { sellRaw: '1000000', receiveRaw: '1' }),
    );
    expect(swap.statusCode).toBe(201);
    // Another operation of the wallet spends the USDC first.
    const spent = await run(user.token, usdcSend(evm.id, { address: other.wallets[0].address }, '30'));
    expect(spent.state).toBe('done');
    const ethBefore = amountOf(await balances(user.token, evm.id), 'base', null);
    await approve(user.token, swap.json().id);
    const failed = await settled(user.token, swap.json().id);
    expect(failed).toMatchObject({ state: 'failed_before_effect', errorCode: 'INSUFFICIENT_FUNDS', txs: [] });
    expect(amountOf(await balances(user.token, evm.id), 'base', null)).toBe(ethBefore);
  });

  it('refuses to approve once the source wallet is archived', async () => {
    const user = await c.app.signUp();
    const source = (await c.post('/v1/wallets', user.token, { family: 'evm', name: 'Source' })).json();
    await faucet(user.token, source.id, 'base', null, '1');
    await faucet(user.token, source.id, 'base', USDC, '100');
    const created = await create(user.token, usdcSend(source.id, { walletId: user.wallets[0].id }));
    expect(created.statusCode).toBe(201);
    const archived = await c.post(`/v1/wallets/${source.id}/archive`, user.token);
    expect(archived.statusCode).toBe(200);
    const refused = await approve(user.token, created.json().id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('SOURCE_WALLET_UNAVAILABLE');
    expect((await get(user.token, created.json().id)).json().state).toBe('awaitingApproval');
    expect((await timeline(user.token, created.json().id)).map((e) => e.type)).toEqual(['OperationCreated']);
  });

  it('lists only the caller’s done operations, newest first, one page at a time', async () => {
    const user = await c.app.signUp();
    const other = await c.app.signUp();
    const evm = user.wallets[0];
    await faucet(user.token, evm.id, 'base', null, '1');
    await faucet(user.token, evm.id, 'base', USDC, '100');
    await faucet(other.token, other.wallets[0].id, 'base', null, '1');
    await faucet(other.token, other.wallets[0].id, 'base', USDC, '100');
    const address = { address: other.wallets[0].address };
    const done: string[] = [];
    for (const amount of ['1', '2', '3'])
      done.push((await run(user.token, usdcSend(evm.id, address, amount))).id);
    const pending = (await create(user.token, usdcSend(evm.id, address, '4'))).json().id;
    const theirs = (await run(other.token, usdcSend(other.wallets[0].id, { address: evm.address }, '1'))).id;

    const all = await list(user.token, 'state=done');
    expect(all.items.map((o: { id: string }) => o.id)).toEqual([...done].reverse());
    expect(all.items.every((o: { state: string }) => o.state === 'done')).toBe(true);
    expect(all.nextCursor).toBeNull();
    expect((await list(user.token, '')).items.map((o: { id: string }) => o.id)).toContain(pending);
    expect((await list(other.token, 'state=done')).items.map((o: { id: string }) => o.id)).toEqual([theirs]);

    const paged: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 3; page++) {
      const query: string = `state=done&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await list(user.token, query);
      expect(res.items).toHaveLength(1);
      paged.push(res.items[0].id);
      cursor = res.nextCursor;
      expect(cursor === null).toBe(page === 2);
    }
    expect(paged).toEqual([...done].reverse());
    expect(paged).not.toContain(pending);
  });
});
