import { USDC_ADDRESSES } from '@vetted/sandbox';
import { randomUUID } from 'node:crypto';
import { baseSwap, usdcSend } from '../support/operation-bodies';
import { SandboxTestClient } from '../support/sandbox-client';
import { bearer } from '../support/test-app';

const USDC = USDC_ADDRESSES.base;

/** GET /v1/operations/{id}/events: the audit timeline, paged like every list but oldest first. */
describe('the audit timeline, over HTTP', () => {
  let c: SandboxTestClient;
  beforeAll(async () => {
    c = await SandboxTestClient.start();
  });
  afterAll(() => c.app.close());

  const events = (token: string, id: string, query = '') =>
    c.app.request({ method: 'GET', url: `/v1/operations/${id}/events${query}`, headers: bearer(token) });

  /** A send executed to done: its timeline has the creation, approval, submission and settlement. */
  async function executed() {
    const user = await c.app.signUp();
    const evm = user.wallets[0];
    await c.faucet(user.token, evm.id, 'base', null, '1');
    await c.faucet(user.token, evm.id, 'base', USDC, '10');
    const recipient = (await c.post('/v1/wallets', user.token, { family: 'evm', name: 'Savings' })).json();
    const created = await c.createOperation(user.token, usdcSend(evm.id, { walletId: recipient.id }, '2'));
    expect(created.statusCode).toBe(201);
    const op = created.json();
    await c.post(`/v1/operations/${op.id}/approve`, user.token);
    expect((await c.settledOperation(user.token, op.id)).state).toBe('done');
    return { user, op };
  }

  it('pages oldest first, each page after the last, until nextCursor is null', async () => {
    const { user, op } = await executed();
    const whole = await events(user.token, op.id);
    expect(whole.statusCode).toBe(200);
    const all = whole.json();
    expect(all.nextCursor).toBeNull();
    expect(all.items[0]).toMatchObject({ type: 'OperationCreated', revision: 0 });
    expect(all.items.map((e: { revision: number }) => e.revision)).toEqual(
      all.items.map((_: unknown, i: number) => i),
    );
    expect(all.items.length).toBeGreaterThan(3);
    // The owner's commands name the user and request; the executor's steps name the service, the
    // first leg's submission too, though the approval records it in the same append.
    for (const item of all.items) {
      if (['OperationCreated', 'OperationApproved'].includes(item.type))
        expect(item.actor).toEqual({ kind: 'user', userId: user.userId, requestId: expect.any(String) });
      else expect(item.actor).toEqual({ kind: 'service', userId: null, requestId: null });
    }
    expect(all.items[2]).toMatchObject({ type: 'LegSubmitted', data: { leg: 0 } });
    const types = all.items.map((e: { type: string }) => e.type);
    expect(types).toEqual(expect.arrayContaining(['OperationCreated', 'LegSettled', 'OperationSucceeded']));

    const walked: unknown[] = [];
    let query = '?limit=2';
    for (;;) {
      const page = (await events(user.token, op.id, query)).json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      walked.push(...page.items);
      if (page.nextCursor === null) break;
      query = `?limit=2&cursor=${page.nextCursor}`;
    }
    expect(walked).toEqual(all.items);
  });

  it("records a swap's two tokens as its review named them, in both shapes (activity titles name them)", async () => {
    const { user, evm } = await c.fundedEvm();
    const shapeA = await c.createOperation(
      user.token,
      baseSwap(evm.id, USDC, null, '1', { sellRaw: '1000000', receiveRaw: '1' }),
    );
    const shapeB = await c.post('/v1/operations', user.token, {
      idempotencyKey: randomUUID(),
      intent: {
        type: 'swap',
        walletId: evm.id,
        from: { network: 'base', asset: 'native' },
        to: { network: 'base', asset: USDC },
        amount: '0.001',
      },
    });
    for (const [created, spend, receive] of [
      [shapeA, 'USDC', 'ETH'],
      [shapeB, 'ETH', 'USDC'],
    ] as const) {
      expect(created.statusCode).toBe(201);
      const [first] = (await events(user.token, created.json().id)).json().items;
      expect(first).toMatchObject({ type: 'OperationCreated', data: { swapSymbols: { spend, receive } } });
    }
    // A token approval records the token it allows (Shape B: a USDC swap short of allowance).
    const approval = await c.post('/v1/operations', user.token, {
      idempotencyKey: randomUUID(),
      intent: {
        type: 'swap',
        walletId: evm.id,
        from: { network: 'base', asset: USDC },
        to: { network: 'base', asset: 'native' },
        amount: '1',
      },
    });
    expect(approval.json().kind).toBe('tokenApproval');
    const [requested] = (await events(user.token, approval.json().id)).json().items;
    expect(requested.data).toMatchObject({ approvedSymbol: 'USDC' });
    expect(requested.data).not.toHaveProperty('swapSymbols');
    // Other operations record none.
    const send = await c.createOperation(
      user.token,
      usdcSend(evm.id, { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }, '1'),
    );
    expect(send.statusCode).toBe(201);
    const [created] = (await events(user.token, send.json().id)).json().items;
    expect(created.data).not.toHaveProperty('swapSymbols');
  });

  it("refuses a bad limit or another operation's cursor (400 with the field), and hides another user's timeline (404)", async () => {
    const { user, op } = await executed();
    const other = await executed();
    for (const limit of ['0', '101', 'x']) {
      const refused = await events(user.token, op.id, `?limit=${limit}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields[0].path).toBe('limit');
    }
    const foreignCursor = (await events(other.user.token, other.op.id, '?limit=1')).json().nextCursor;
    const refused = await events(user.token, op.id, `?cursor=${foreignCursor}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'cursor' }] });
    expect((await events(other.user.token, op.id)).statusCode).toBe(404);
  });

  it("refuses another list's cursor both ways: the operations list's on a timeline, a timeline's on the operations list", async () => {
    const { user, op } = await executed();
    const savings = (await c.post('/v1/wallets', user.token, { family: 'evm', name: 'More savings' })).json();
    await c.createOperation(user.token, usdcSend(user.wallets[0].id, { walletId: savings.id }, '1'));
    const list = (query: string) =>
      c.app.request({ method: 'GET', url: `/v1/operations${query}`, headers: bearer(user.token) });
    const listCursor = (await list('?limit=1')).json().nextCursor;
    const timelineCursor = (await events(user.token, op.id, '?limit=1')).json().nextCursor;
    expect(listCursor).toEqual(expect.any(String));
    expect(timelineCursor).toEqual(expect.any(String));
    for (const refused of [
      await events(user.token, op.id, `?cursor=${listCursor}`),
      await list(`?cursor=${timelineCursor}`),
    ]) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path: 'cursor' }] });
    }
  });
});
