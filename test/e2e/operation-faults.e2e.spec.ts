import { randomUUID } from 'node:crypto';
import { USDC_ADDRESSES, dexRouter } from '@vetted/sandbox';
import { ManualClock } from '@vetted/kernel';
import { baseSwap, usdcSend } from '../support/operation-bodies';
import { amountOf, SandboxTestClient } from '../support/sandbox-client';

const USDC = USDC_ADDRESSES.base;

type AuditEntry = { type: string; data: Record<string, unknown> };

/** Every fault the sandbox can inject, over HTTP: each leads to the documented state and code. */
describe('reviewed operations under sandbox faults, over HTTP', () => {
  let c: SandboxTestClient;
  beforeAll(async () => {
    c = await SandboxTestClient.start();
  });
  afterAll(() => c.app.close());

  const create = (token: string, operation: object, key?: string) => c.createOperation(token, operation, key);
  const approve = (token: string, id: string) => c.post(`/v1/operations/${id}/approve`, token);
  const get = (token: string, id: string) => c.getOperation(token, id);
  const timeline = (token: string, id: string): Promise<AuditEntry[]> => c.timeline(token, id);
  const settled = (token: string, id: string, whileWorking?: () => Promise<void>) =>
    c.settledOperation(token, id, whileWorking);

  /** A user whose EVM wallet holds 1 ETH and 100 USDC on base, and a second wallet of theirs. */
  async function funded(client = c) {
    const { user, evm } = await client.fundedEvm();
    const recipient = (
      await client.post('/v1/wallets', user.token, {
        family: 'evm',
        name: `Savings ${randomUUID().slice(0, 6)}`,
      })
    ).json();
    return { user, evm, recipient };
  }
  const send = (walletId: number, recipientId: number, amount = '5') =>
    usdcSend(walletId, { walletId: recipientId }, amount);

  it('submission reject: failed_before_effect with SUBMISSION_REJECTED, nothing moved', async () => {
    const { user, evm, recipient } = await funded();
    const created = await create(user.token, send(evm.id, recipient.id));
    expect(created.statusCode).toBe(201);
    await c.fault('submission', 'reject');
    await approve(user.token, created.json().id);
    const op = await settled(user.token, created.json().id);
    expect(op).toMatchObject({
      state: 'failed_before_effect',
      errorCode: 'SUBMISSION_REJECTED',
      error: expect.any(String),
      txs: [],
    });
    const held = await c.balances(user.token, evm.id);
    expect(amountOf(held, 'base', USDC)).toBe(100_000_000n);
    expect(amountOf(held, 'base', null)).toBe(10n ** 18n);
    expect(amountOf(await c.balances(user.token, recipient.id), 'base', USDC)).toBe(0n);
  });

  it('shows the legs a failure or a discard left unrun as skipped, not pending', async () => {
    const { user, evm, recipient } = await funded();
    const statuses = (op: unknown) =>
      (op as { progress: { legs: { status: string }[] } }).progress.legs.map((leg) => leg.status);
    // USDC for ETH: an approval, then the swap.
    const swap = await create(
      user.token,
      baseSwap(evm.id, USDC, null, '1', { sellRaw: '1000000', receiveRaw: '1' }),
    );
    expect(statuses(swap.json())).toEqual(['pending', 'pending']);
    await c.fault('submission', 'reject');
    await approve(user.token, swap.json().id);
    const failed = await settled(user.token, swap.json().id);
    expect(failed.state).toBe('failed_before_effect');
    expect(statuses(failed)).toEqual(['failed', 'skipped']);
    const review = await create(user.token, send(evm.id, recipient.id));
    const discarded = await c.post(`/v1/operations/${review.json().id}/discard`, user.token);
    expect(discarded.json().state).toBe('dismissed');
    expect(statuses(discarded.json())).toEqual(['skipped']);
  });

  it('submission uncertain: reconciled by submission id, money moved exactly once', async () => {
    const { user, evm, recipient } = await funded();
    const created = await create(user.token, send(evm.id, recipient.id, '7'));
    await c.fault('submission', 'uncertain');
    await approve(user.token, created.json().id);
    const op = await settled(user.token, created.json().id);
    const received = amountOf(await c.balances(user.token, recipient.id), 'base', USDC);
    // The sandbox records an uncertain submission and settles it: the executor finds it by its id.
    expect(op).toMatchObject({ state: 'done', txs: [{ network: 'base', status: 'success' }] });
    expect(received).toBe(7_000_000n);
    expect(amountOf(await c.balances(user.token, evm.id), 'base', USDC)).toBe(93_000_000n);
    const types = (await timeline(user.token, op.id)).map((e) => e.type);
    expect(types.filter((t) => t === 'LegSubmitted')).toHaveLength(1);
  });

  it("submission uncertain on a cross-chain swap: refreshes while it is reconciled report none of the service's own movements", async () => {
    const { user, evm } = await funded();
    const feedCount = async () => (await c.myFeed(user.token, 'balance_change')).length;
    await c.refreshed(user.token);
    const deposits = await feedCount();
    const swap = {
      kind: 'swap',
      walletId: evm.id,
      swapIntent: {
        from: { network: 'base', token: USDC },
        to: { network: 'arbitrum', token: USDC_ADDRESSES.arbitrum },
        amount: '5',
        quoteFloor: { sellRaw: '1000000000000', receiveRaw: '1' },
      },
    };
    const created = await create(user.token, swap);
    expect(created.statusCode).toBe(201);
    // Both legs (the router's approval, then the swap) are submitted uncertain: each is looked up
    // until it shows, while the wallet is observed again and again.
    expect(
      (await c.admin('/v1/sandbox/faults', { target: 'submission', mode: 'uncertain', count: 2 })).statusCode,
    ).toBe(201);
    await approve(user.token, created.json().id);
    const op = await settled(user.token, created.json().id, async () => {
      await c.refreshed(user.token);
    });
    expect(op).toMatchObject({ state: 'done' });
    await c.refreshed(user.token);
    await c.refreshed(user.token);
    const held = await c.balances(user.token, evm.id);
    expect(amountOf(held, 'base', USDC)).toBe(95_000_000n);
    expect(amountOf(held, 'arbitrum', USDC_ADDRESSES.arbitrum)).toBeGreaterThan(0n);
    expect(await feedCount()).toBe(deposits);
  });

  it('submission timeout: the transaction lands later in sandbox time and settles once', async () => {
    const { user, evm, recipient } = await funded();
    const created = await create(user.token, send(evm.id, recipient.id, '8'));
    await c.fault('submission', 'timeout');
    await approve(user.token, created.json().id);
    // Submitted, not landed (sandbox time has not moved), nothing moved yet.
    let working = (await get(user.token, created.json().id)).json();
    for (let i = 0; i < 100 && working.progress.legs[0].status !== 'submitted'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      working = (await get(user.token, created.json().id)).json();
    }
    expect(working).toMatchObject({ state: 'working', progress: { legs: [{ status: 'submitted' }] } });
    expect(amountOf(await c.balances(user.token, recipient.id), 'base', USDC)).toBe(0n);
    // Meanwhile another user's operation executes: the wait holds up only its own wallet.
    const other = await funded();
    const unrelated = await c.run(other.user.token, send(other.evm.id, other.recipient.id, '3'));
    expect(unrelated.state).toBe('done');
    expect((await get(user.token, created.json().id)).json().state).toBe('working');
    // It lands 12 s of sandbox time after its submission: the executor finds it by its id.
    let advancedAt = 0;
    const op = await settled(user.token, created.json().id, async () => {
      if (Date.now() - advancedAt < 300) return;
      advancedAt = Date.now();
      expect((await c.admin('/v1/sandbox/clock', { advanceSeconds: 13 })).statusCode).toBe(200);
    });
    expect(op).toMatchObject({ state: 'done', txs: [{ network: 'base', status: 'success' }] });
    expect(amountOf(await c.balances(user.token, recipient.id), 'base', USDC)).toBe(8_000_000n);
    expect(amountOf(await c.balances(user.token, evm.id), 'base', USDC)).toBe(92_000_000n);
    const types = (await timeline(user.token, op.id)).map((e) => e.type);
    expect(types).toEqual([
      'OperationCreated',
      'OperationApproved',
      'LegSubmitted',
      'LegSettled',
      'OperationSucceeded',
    ]);
  });

  it('a swap reviewed while an earlier swap of its wallet executes does not count on the allowance that one spends', async () => {
    const { user, evm } = await funded();
    // A standing allowance of 6 USDC: a swap of 5 needs no approval of its own.
    const standing = await c.post('/v1/operations', user.token, {
      idempotencyKey: randomUUID(),
      intent: {
        type: 'tokenApproval',
        walletId: evm.id,
        asset: { network: 'base', asset: USDC },
        spender: dexRouter('base'),
        amount: '6',
      },
    });
    expect((await approve(user.token, standing.json().id)).json().state).toBe('succeeded');
    const swap = () => baseSwap(evm.id, USDC, null, '5', { sellRaw: '5000000', receiveRaw: '1' });
    const legKinds = (op: { legs?: { kind: string }[]; progress?: { legs: { kind: string }[] } }) =>
      (op.progress?.legs ?? []).map((leg) => leg.kind);
    const first = (await create(user.token, swap())).json();
    expect(legKinds(first)).toEqual(['swap']);
    // The first swap is submitted and lands only when sandbox time moves: it is still executing,
    // and will spend 5 of the 6 when it lands.
    await c.fault('submission', 'timeout');
    await approve(user.token, first.id);
    let working = (await get(user.token, first.id)).json();
    for (let i = 0; i < 100 && working.progress.legs[0].status !== 'submitted'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      working = (await get(user.token, first.id)).json();
    }
    expect(working).toMatchObject({ state: 'working', progress: { legs: [{ status: 'submitted' }] } });

    // Reviewed now, the second runs after the first: it approves its own input.
    const second = (await create(user.token, swap())).json();
    expect(legKinds(second)).toEqual(['approve', 'swap']);
    await approve(user.token, second.id);
    let advancedAt = 0;
    const landing = async () => {
      if (Date.now() - advancedAt < 300) return;
      advancedAt = Date.now();
      expect((await c.admin('/v1/sandbox/clock', { advanceSeconds: 13 })).statusCode).toBe(200);
    };
    expect((await settled(user.token, first.id, landing)).state).toBe('done');
    expect(await settled(user.token, second.id, landing)).toMatchObject({ state: 'done' });
    expect(amountOf(await c.balances(user.token, evm.id), 'base', USDC)).toBe(90_000_000n);
  });

  it('quote fail: creating a swap answers 503 QUOTE_UNAVAILABLE and records nothing', async () => {
    const { user, evm } = await funded();
    const key = randomUUID();
    const swap = baseSwap(evm.id, USDC, null, '10', { sellRaw: '10000000', receiveRaw: '1' });
    await c.fault('quote', 'fail');
    const before = await c.app.head();
    const refused = await create(user.token, swap, key);
    expect(refused.statusCode).toBe(503);
    // Worth trying again, and the answer says when.
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toMatchObject({
      error: { code: 'QUOTE_UNAVAILABLE', message: expect.any(String) },
      requestId: expect.any(String),
    });
    expect(await c.app.head()).toBe(before);
    // Nothing was recorded, so the key is still free.
    const retried = await create(user.token, swap, key);
    expect(retried.statusCode).toBe(201);
  });

  it('a swap whose floor a fresh quote no longer meets fails before effect, nothing moved', async () => {
    const { user, evm } = await funded();
    const held = await c.balances(user.token, evm.id);
    // The wallet holds exactly 1 ETH, so its USD value is the price.
    const ethUsd = held.find((b) => b.network === 'base' && b.token === null)!.usdValue!;
    const amountInRaw = 10n ** 16n;
    const ethForUsdc = (receiveRaw: string) =>
      baseSwap(evm.id, null, USDC, '0.01', { sellRaw: amountInRaw.toString(), receiveRaw });
    const quoted = await create(user.token, ethForUsdc('1'));
    expect(quoted.statusCode).toBe(201);
    const quotedOut = BigInt(quoted.json().request.actions[0].swap.quotedOutRaw);
    // A floor 1% under today's quote: it is met at creation.
    const created = await create(user.token, ethForUsdc(((quotedOut * 99n) / 100n).toString()));
    expect(created.statusCode).toBe(201);
    expect(created.json().request.actions).toHaveLength(1);
    const lower = (Number(ethUsd) * 0.8).toFixed(2);
    const moved = await c.admin('/v1/sandbox/prices', { network: 'base', asset: 'native', usd: lower });
    expect(moved.statusCode).toBe(200);

    await approve(user.token, created.json().id);
    const op = await settled(user.token, created.json().id);
    expect(op).toMatchObject({ state: 'failed_before_effect', errorCode: 'QUOTE_BELOW_FLOOR', txs: [] });
    // The audit timeline: the approval recorded the intent to submit (LegSubmitted), and the leg was
    // then refused before it was sent, which its failure says (effect none, "not submitted").
    const timeline = await c.timeline(user.token, created.json().id);
    expect(timeline.map((e) => e.type)).toEqual([
      'OperationCreated',
      'OperationApproved',
      'LegSubmitted',
      'LegFailed',
      'OperationFailed',
    ]);
    expect(timeline[3].data).toMatchObject({
      code: 'QUOTE_BELOW_FLOOR',
      effect: 'none',
      error: expect.stringMatching(/the swap was not submitted$/),
    });
    const documented = (await c.app.request({ method: 'GET', url: '/docs/json' })).json();
    expect(documented.components.schemas.AuditEntryView.properties.type.description).toMatch(
      /`LegSubmitted`: the intent to submit .* it does not say the leg was sent/,
    );
    const after = await c.balances(user.token, evm.id);
    expect(amountOf(after, 'base', null)).toBe(10n ** 18n);
    expect(amountOf(after, 'base', USDC)).toBe(100_000_000n);
  });

  describe('on a clock the test moves', () => {
    const clock = new ManualClock(new Date());
    let m: SandboxTestClient;
    beforeAll(async () => {
      m = await SandboxTestClient.start({}, clock);
    });
    afterAll(() => m.app.close());

    /**
     * A send times out (LIFECYCLE_TIMEOUT), and lands an hour of sandbox time later; `restart`: the
     * service restarts in between. The executor, looking it up by its submission id, records it.
     */
    async function landsAfterTimeout(restart: boolean) {
      const { user, evm, recipient } = await funded(m);
      const feedOf = (kind: string) => m.myFeed(user.token, kind);
      // Observed once before: the faucet's deposits are this user's balance changes so far.
      await m.refreshed(user.token);
      const deposits = (await feedOf('balance_change')).length;
      const id = (await m.createOperation(user.token, send(evm.id, recipient.id, '4'))).json().id;
      // The transaction lands an hour of sandbox time after its submission.
      const fault = { target: 'submission', mode: 'timeout', count: 1, landAfterSeconds: 3600 };
      expect((await m.admin('/v1/sandbox/faults', fault)).statusCode).toBe(201);
      await m.post(`/v1/operations/${id}/approve`, user.token);
      // The service's clock passes the 30 s deadline (not the landing) until the executor gives up.
      let advancedAt = 0;
      const failed = await m.settledOperation(user.token, id, async () => {
        if (Date.now() - advancedAt < 300) return;
        advancedAt = Date.now();
        clock.advance(31_000);
      });
      expect(failed).toMatchObject({ state: 'failed', errorCode: 'LIFECYCLE_TIMEOUT', txs: [] });
      const activity = () => m.activity(user.token, id);
      expect((await activity()).statusCode).toBe(404);
      // Restarted, the executor watches again: the approval was not checkpointed while it watched.
      if (restart) await m.restart();
      // It lands, and a refresh sees it before the executor, still looking it up by its submission
      // id (once a second), records it.
      clock.advance(3_600_000);
      await m.refreshed(user.token);
      let late = (await m.getOperation(user.token, id)).json();
      for (let i = 0; i < 150 && late.txs.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 20));
        late = (await m.getOperation(user.token, id)).json();
      }
      expect(late).toMatchObject({
        state: 'failed',
        errorCode: 'LIFECYCLE_TIMEOUT',
        txs: [{ status: 'success' }],
      });
      const item = await activity();
      expect(item.statusCode).toBe(200);
      expect(item.json()).toMatchObject({
        title: 'Sent 4 USDC',
        isSuccess: false,
        reason: 'LIFECYCLE_TIMEOUT',
        transactionHash: late.txs[0].hash,
        assetChanges: expect.arrayContaining([expect.objectContaining({ amount: '-4', kind: 'transfer' })]),
      });
      const feed = await feedOf('service_transaction');
      expect(feed).toHaveLength(1);
      expect(feed[0]).toMatchObject({ kind: 'service_transaction', activity: item.json() });
      // The public entry names the leg, not the submission id, which holds the private operation id.
      expect(item.json().error).toContain('the submission of leg 0 got no answer');
      expect(JSON.stringify(feed[0])).not.toContain(id);
      expect(amountOf(await m.balances(user.token, recipient.id), 'base', USDC)).toBe(4_000_000n);
      // The observations ordered the send by its block: neither the one that saw it land before
      // its receipt was recorded nor the next reported it (or its opposite) as a balance change.
      await m.refreshed(user.token);
      expect(await feedOf('balance_change')).toHaveLength(deposits);
    }

    it('lifecycle timeout: failed with LIFECYCLE_TIMEOUT, and a transaction landing later shows in its activity and the feed', () =>
      landsAfterTimeout(false));

    it('lifecycle timeout, then a restart: the transaction landing later is still recorded', () =>
      landsAfterTimeout(true));
  });
});
