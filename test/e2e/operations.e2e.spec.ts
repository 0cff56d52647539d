import { randomUUID } from 'node:crypto';
import { USDC_ADDRESSES } from '@vetted/sandbox';
import { baseSwap, usdcSend } from '../support/operation-bodies';
import { SandboxTestClient } from '../support/sandbox-client';
import { bearer } from '../support/test-app';

const USDC = USDC_ADDRESSES.base;

describe('reviewed operations, Shape A, over HTTP', () => {
  let c: SandboxTestClient;
  beforeAll(async () => {
    c = await SandboxTestClient.start();
  });
  afterAll(() => c.app.close());

  /** A user whose EVM wallet holds gas and 100 USDC on base, and an external recipient. */
  async function funded() {
    const { user, evm } = await c.fundedEvm();
    const recipient = (
      await c.post('/v1/wallets', user.token, { family: 'evm', name: `Savings ${randomUUID().slice(0, 6)}` })
    ).json();
    return { user, evm, recipient };
  }
  const create = (token: string, operation: object, key?: string) => c.createOperation(token, operation, key);
  const get = (token: string, id: string) => c.getOperation(token, id);
  const settled = (token: string, id: string) => c.settledOperation(token, id);
  const usdcOf = async (token: string, walletId: number) => {
    const list = await c.refreshed(token, { walletId });
    const wallet = list.find((w) => w.id === walletId)!;
    return wallet.balances.find((b: { token: string }) => b.token === USDC)?.amountRaw ?? '0';
  };

  it('creates a quoted send that moves nothing, replays it, refuses another request with the same key', async () => {
    const { user, evm, recipient } = await funded();
    const key = randomUUID();
    const operation = usdcSend(evm.id, { walletId: recipient.id });
    const before = await c.app.head();
    const created = await create(user.token, operation, key);
    expect(created.statusCode).toBe(201);
    const op = created.json();
    expect(op).toMatchObject({
      kind: 'action_sequence',
      state: 'awaitingApproval',
      progress: { completed: 0, total: 1 },
      txs: [],
      request: { kind: 'actionSequence', creationRequest: operation },
      source: null,
    });
    expect(op.request.actions).toEqual([
      {
        kind: 'chain',
        tx: expect.objectContaining({
          kind: 'transfer',
          network: 'base',
          from: evm.address,
          to: recipient.address,
          amountRaw: '5000000',
        }),
      },
    ]);
    expect(await c.app.head()).not.toBe(before);
    expect(await usdcOf(user.token, recipient.id)).toBe('0');

    const replay = await create(user.token, operation, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().id).toBe(op.id);
    const conflict = await create(user.token, usdcSend(evm.id, { walletId: recipient.id }, '6'), key);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error.code).toBe('IDEMPOTENCY_CONFLICT');
  });

  it('replays a recorded create even when preparing it again would now be refused', async () => {
    const { user, evm, recipient } = await funded();
    const key = randomUUID();
    const operation = usdcSend(evm.id, { walletId: recipient.id }, '100');
    const op = (await create(user.token, operation, key)).json();
    await c.post(`/v1/operations/${op.id}/approve`, user.token);
    expect((await settled(user.token, op.id)).state).toBe('done');

    // The wallet no longer holds the 100 USDC: a fresh request is refused...
    const fresh = await create(user.token, operation);
    expect(fresh.statusCode).toBe(400);
    expect(fresh.json().error.code).toBe('INSUFFICIENT_FUNDS');
    // ...but the retry of the recorded one is answered with it, and another request under its key is 409.
    const replay = await create(user.token, operation, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toMatchObject({ id: op.id, state: 'done' });
    const conflict = await create(user.token, usdcSend(evm.id, { walletId: recipient.id }, '1000'), key);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error.code).toBe('IDEMPOTENCY_CONFLICT');
  });

  it('approves to done exactly once, with explorer-linked txs and an audit timeline', async () => {
    const { user, evm, recipient } = await funded();
    const op = (await create(user.token, usdcSend(evm.id, { walletId: recipient.id }, '12.5'))).json();
    const approved = await c.post(`/v1/operations/${op.id}/approve`, user.token);
    expect(approved.statusCode).toBe(200);
    expect(['working', 'done']).toContain(approved.json().state);
    const done = await settled(user.token, op.id);
    expect(done).toMatchObject({
      state: 'done',
      progress: { completed: 1, total: 1 },
      result: { txHashes: [expect.any(String)], fills: [] },
    });
    expect(done.txs).toEqual([
      expect.objectContaining({
        network: 'base',
        status: 'success',
        explorerUrl: expect.stringContaining(`/v1/sandbox/explorer/tx/${done.txs[0].hash}`),
      }),
    ]);
    expect(await usdcOf(user.token, recipient.id)).toBe('12500000');

    // The service's own transaction explains the payer's and the recipient's changes: no balance_change for them.
    await c.refreshed(user.token, {});
    const changes = (await c.myFeed(user.token, 'balance_change')).flatMap(
      (e) => (e.activity as { assetChanges: { amount: string }[] }).assetChanges,
    );
    expect(changes.map((ch: { amount: string }) => ch.amount)).not.toContain('-12.5');
    expect(changes.map((ch: { amount: string }) => ch.amount)).not.toContain('12.5');

    const again = await c.post(`/v1/operations/${op.id}/approve`, user.token);
    expect(again.statusCode).toBe(200);
    expect(again.json().state).toBe('done');
    const discard = await c.post(`/v1/operations/${op.id}/discard`, user.token);
    expect(discard.statusCode).toBe(409);
    expect(discard.json().error.code).toBe('ALREADY_EXECUTED');
    expect(await usdcOf(user.token, recipient.id)).toBe('12500000');

    const timeline = await c.timeline(user.token, op.id);
    expect(timeline.map((e: { type: string }) => e.type)).toEqual([
      'OperationCreated',
      'OperationApproved',
      'LegSubmitted',
      'LegSettled',
      'OperationSucceeded',
    ]);
    const activity = await c.activity(user.token, op.id);
    expect(activity.statusCode).toBe(200);
    const hash = done.txs[0].hash;
    expect(activity.json()).toEqual({
      action: 'send',
      title: 'Sent 12.5 USDC',
      networks: ['base'],
      route: null,
      isSuccess: true,
      error: null,
      reason: null,
      assetChanges: [
        expect.objectContaining({
          amount: '-12.5',
          amountRaw: '-12500000',
          walletAddress: evm.address,
          asset: { network: 'base', token: USDC, symbol: 'USDC', decimals: 6 },
          feeAmount: '0',
          kind: 'transfer',
        }),
        expect.objectContaining({
          walletAddress: evm.address,
          asset: { network: 'base', token: null, symbol: 'ETH', decimals: 18 },
          kind: 'fee',
          amount: expect.stringMatching(/^-0\.\d+$/),
        }),
        expect.objectContaining({
          amount: '12.5',
          walletAddress: recipient.address,
          asset: { network: 'base', token: USDC, symbol: 'USDC', decimals: 6 },
          feeAmount: '0',
          kind: 'transfer',
        }),
      ],
      references: [
        {
          label: 'Transfer on base',
          hash,
          url: expect.stringContaining(`/v1/sandbox/explorer/tx/${hash}`),
        },
      ],
      transactionHash: hash,
      transactionUrl: expect.stringContaining(`/v1/sandbox/explorer/tx/${hash}`),
      at: expect.any(String),
    });
    const fee = activity.json().assetChanges[1];
    expect(fee.feeAmount).toBe(fee.amount);
    const feed = (
      await c.app.request({ method: 'GET', url: '/v1/activity/feed?scope=global&kinds=service_transaction' })
    ).json();
    expect(feed.entries[0]).toMatchObject({
      kind: 'service_transaction',
      actor: { username: user.username },
      activity: { transactionHash: hash },
    });
    // The public feed names no private operation, not even inside its cursor.
    const page = await c.app.request({ method: 'GET', url: '/v1/activity/feed?limit=1' });
    expect(page.json().entries[0].id).toBe(feed.entries[0].id);
    expect(page.json().nextCursor).toEqual(expect.any(String));
    expect(page.body).not.toContain(op.id);
    expect(Buffer.from(page.json().nextCursor, 'base64url').toString()).not.toContain(op.id);
    expect(timeline[1]).toMatchObject({
      actor: { kind: 'user', userId: user.userId, requestId: expect.any(String) },
      position: expect.stringMatching(/^\d+$/),
    });
  });

  it('swaps USDC for ETH within the quote floor, and refuses a floor the quote does not meet', async () => {
    const { user, evm } = await funded();
    const swap = (receiveRaw: string) =>
      baseSwap(evm.id, USDC, null, '10', { sellRaw: '10000000', receiveRaw });
    const refused = await create(user.token, swap('1000000000000000000000'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('QUOTE_BELOW_FLOOR');
    const op = (await create(user.token, swap('1'))).json();
    expect(op.state).toBe('awaitingApproval');
    await c.post(`/v1/operations/${op.id}/approve`, user.token);
    expect((await settled(user.token, op.id)).state).toBe('done');
    expect(await usdcOf(user.token, evm.id)).toBe('90000000');
  });

  it('keeps failed attempts that never reached a chain out of the feed', async () => {
    const { user, evm, recipient } = await funded();
    await c.post(
      '/v1/sandbox/faults',
      null,
      { target: 'submission', mode: 'reject', count: 1 },
      { 'x-sandbox-admin': 'test-sandbox-admin-token' },
    );
    const op = (await create(user.token, usdcSend(evm.id, { walletId: recipient.id }))).json();
    await c.post(`/v1/operations/${op.id}/approve`, user.token);
    expect(await settled(user.token, op.id)).toMatchObject({
      state: 'failed_before_effect',
      errorCode: 'SUBMISSION_REJECTED',
    });
    const activity = await c.activity(user.token, op.id);
    expect(activity.statusCode).toBe(404);
    expect(await c.myFeed(user.token, 'service_transaction')).toEqual([]);
  });

  it('executes two ERC-20 swaps of one wallet approved at once, one after another', async () => {
    const { user, evm } = await funded();
    const swap = () => baseSwap(evm.id, USDC, null, '5', { sellRaw: '5000000', receiveRaw: '1' });
    const [a, b] = [(await create(user.token, swap())).json(), (await create(user.token, swap())).json()];
    await Promise.all([a, b].map((op) => c.post(`/v1/operations/${op.id}/approve`, user.token)));
    expect((await settled(user.token, a.id)).state).toBe('done');
    expect((await settled(user.token, b.id)).state).toBe('done');
    expect(await usdcOf(user.token, evm.id)).toBe('90000000');
  });

  it('discards an unapproved operation idempotently; a dismissed one cannot be approved', async () => {
    const { user, evm, recipient } = await funded();
    const op = (await create(user.token, usdcSend(evm.id, { walletId: recipient.id }))).json();
    const dismissed = await c.post(`/v1/operations/${op.id}/discard`, user.token);
    expect(dismissed.json().state).toBe('dismissed');
    expect((await c.post(`/v1/operations/${op.id}/discard`, user.token)).json().state).toBe('dismissed');
    const approve = await c.post(`/v1/operations/${op.id}/approve`, user.token);
    expect(approve.statusCode).toBe(409);
    expect(approve.json().error.code).toBe('OPERATION_DISMISSED');
  });

  it("answers 404 for another user's operation everywhere", async () => {
    const { user, evm, recipient } = await funded();
    const other = await c.app.signUp();
    const op = (await create(user.token, usdcSend(evm.id, { walletId: recipient.id }))).json();
    expect((await get(other.token, op.id)).statusCode).toBe(404);
    expect((await c.post(`/v1/operations/${op.id}/approve`, other.token)).statusCode).toBe(404);
    expect((await c.post(`/v1/operations/${op.id}/discard`, other.token)).statusCode).toBe(404);
    const events = await c.app.request({
      method: 'GET',
      url: `/v1/operations/${op.id}/events`,
      headers: bearer(other.token),
    });
    expect(events.statusCode).toBe(404);
    const list = (
      await c.app.request({ method: 'GET', url: '/v1/operations', headers: bearer(other.token) })
    ).json();
    expect(list.items).toEqual([]);
    expect((await get(user.token, op.id)).json().state).toBe('awaitingApproval');
  });

  it('lets a support-readonly view read operations but not create, approve, discard or fund', async () => {
    const { user, evm, recipient } = await funded();
    const op = (await create(user.token, usdcSend(evm.id, { walletId: recipient.id }))).json();
    const view = (await c.post('/v1/auth/tokens', user.token, { view: 'support-readonly' })).json().token;
    const before = await c.app.head();
    const refusals = [
      await create(view, usdcSend(evm.id, { walletId: recipient.id })),
      await c.post(`/v1/operations/${op.id}/approve`, view),
      await c.post(`/v1/operations/${op.id}/discard`, view),
      await c.post(`/v1/operations/${op.id}/refresh`, view),
      await c.post('/v1/sandbox/faucet', view, {
        walletId: evm.id,
        network: 'base',
        token: null,
        amount: '1',
      }),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toEqual({
        code: 'PERMIT_REQUIRED',
        message: 'a support-readonly view is read-only: it cannot use this endpoint',
      });
    }
    expect(await c.app.head()).toBe(before);
    const seen = await get(view, op.id);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ id: op.id, state: 'awaitingApproval' });
    const timeline = await c.app.request({
      method: 'GET',
      url: `/v1/operations/${op.id}/events`,
      headers: bearer(view),
    });
    expect(timeline.statusCode).toBe(200);
  });

  it('executes once under 50 concurrent approvals', async () => {
    const { user, evm, recipient } = await funded();
    const op = (await create(user.token, usdcSend(evm.id, { walletId: recipient.id }, '3'))).json();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => c.post(`/v1/operations/${op.id}/approve`, user.token)),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect((await settled(user.token, op.id)).state).toBe('done');
    expect(await usdcOf(user.token, recipient.id)).toBe('3000000');
    const timeline = await c.timeline(user.token, op.id, 2);
    expect(timeline.filter((e: { type: string }) => e.type === 'LegSubmitted')).toHaveLength(1);
  });

  it('records one operation for 50 concurrent creates with one key', async () => {
    const { user, evm, recipient } = await funded();
    const key = randomUUID();
    const operation = usdcSend(evm.id, { walletId: recipient.id });
    const answers = await Promise.all(Array.from({ length: 50 }, () => create(user.token, operation, key)));
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(49);
    const list = (
      await c.app.request({ method: 'GET', url: '/v1/operations', headers: bearer(user.token) })
    ).json();
    expect(list.items).toHaveLength(1);
  });

  it('refuses bad input with a 4xx and records nothing', async () => {
    const { user, evm, recipient } = await funded();
    const cases: [object, number, string][] = [
      [
        { idempotencyKey: 'again', operation: usdcSend(evm.id, { walletId: recipient.id }) },
        400,
        'VALIDATION_FAILED',
      ],
      [{ idempotencyKey: randomUUID() }, 400, 'VALIDATION_FAILED'],
      [
        { idempotencyKey: randomUUID(), operation: usdcSend(evm.id, { walletId: recipient.id }), extra: 1 },
        400,
        'VALIDATION_FAILED',
      ],
      [
        { idempotencyKey: randomUUID(), operation: usdcSend(evm.id, { walletId: recipient.id }, '1e3') },
        400,
        'VALIDATION_FAILED',
      ],
      [
        { idempotencyKey: randomUUID(), operation: usdcSend(evm.id, { walletId: recipient.id }, '1000') },
        400,
        'INSUFFICIENT_FUNDS',
      ],
      [
        {
          idempotencyKey: randomUUID(),
          operation: { ...usdcSend(evm.id, { walletId: recipient.id }), walletId: 999999 },
        },
        400,
        'VALIDATION_FAILED',
      ],
    ];
    for (const [body, status, code] of cases) {
      const before = await c.app.head();
      const res = await c.post('/v1/operations', user.token, body);
      expect(res.statusCode).toBe(status);
      expect(res.json().error.code).toBe(code);
      expect(await c.app.head()).toBe(before);
    }
    expect((await get(user.token, 'not-a-uuid')).statusCode).toBe(400);
    expect((await get(user.token, randomUUID())).statusCode).toBe(404);
  });
});
