import { randomUUID } from 'node:crypto';
import { FILL_EXAMPLE } from '../../apps/api/src/operations/operation-result.view';
import { toChecksumAddress } from '@vetted/kernel';
import { USDC_ADDRESSES } from '@vetted/sandbox';
import { type JsonObject, SandboxTestClient, amountOf } from '../support/sandbox-client';
import { usdcForEthIntent as usdcSwap } from '../support/operation-bodies';
import { bearer } from '../support/test-app';

const USDC = USDC_ADDRESSES.base;

describe('reviewed operations, Shape B, over HTTP', () => {
  let c: SandboxTestClient;
  beforeAll(async () => {
    c = await SandboxTestClient.start();
  });
  afterAll(() => c.app.close());

  /** A user whose EVM wallet holds 1 ETH and 100 USDC on base. */
  const funded = () => c.fundedEvm();
  const create = (token: string, intent: object, idempotencyKey: string = randomUUID()) =>
    c.post('/v1/operations', token, { idempotencyKey, intent });
  const call = (token: string, id: string, step: 'approve' | 'discard' | 'next' | 'refresh') =>
    c.post(`/v1/operations/${id}/${step}`, token, {});
  const ethSend = (walletId: number, address: string, amount = '0.01') => ({
    type: 'send',
    walletId,
    asset: { network: 'base', asset: 'native' },
    amount,
    to: { address },
  });

  it('creates a pending send (201), replays it (200, same id), refuses another body with the key (409)', async () => {
    const { user, evm } = await funded();
    const key = randomUUID();
    const to = '0x' + 'ab'.repeat(20);
    const created = await create(user.token, ethSend(evm.id, to), key);
    expect(created.statusCode).toBe(201);
    const op = created.json();
    expect(op).toMatchObject({
      kind: 'send',
      state: 'pending',
      approvalRequired: true,
      status: 'awaitingApproval',
      walletId: evm.id,
      receipts: [],
      continuation: null,
      request: { action: { type: 'send', to: { address: toChecksumAddress(to) } } },
    });
    expect(op.request.review).toMatchObject({ type: 'send', walletId: evm.id });

    const replay = await create(user.token, ethSend(evm.id, to), key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().id).toBe(op.id);
    const conflict = await create(user.token, ethSend(evm.id, to, '0.02'), key);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error.code).toBe('IDEMPOTENCY_CONFLICT');

    const read = (await c.getOperation(user.token, op.id)).json();
    expect(read).toEqual(op);
  });

  it('approve runs the send synchronously and answers succeeded with its receipt; the money moved once', async () => {
    const { user, evm } = await funded();
    const to = '0x' + 'cd'.repeat(20);
    const op = (await create(user.token, ethSend(evm.id, to, '0.25'))).json();
    const approved = await call(user.token, op.id, 'approve');
    expect(approved.statusCode).toBe(200);
    const done = approved.json();
    expect(done).toMatchObject({ id: op.id, state: 'succeeded', status: 'done' });
    expect(done.approvalRequired).toBeUndefined();
    expect(done.receipts).toEqual([
      expect.objectContaining({ type: 'chainTransaction', network: 'base', status: 'success', leg: 0 }),
    ]);
    expect(done.receipts[0].explorerUrl).toContain(done.receipts[0].hash);
    // The answer shows the executor's writes, and names a position past them.
    const succeeded = (await c.timeline(user.token, op.id)).find((e) => e.type === 'OperationSucceeded')!;
    expect(Number(approved.headers['x-event-position'])).toBeGreaterThanOrEqual(Number(succeeded.position));
    const again = await call(user.token, op.id, 'approve');
    expect(again.json()).toMatchObject({ state: 'succeeded', receipts: done.receipts });
    expect(await c.sandbox.chain.balance('base', to, null)).toBe(250_000_000_000_000_000n);
  });

  it('discards a pending operation; approving it then is a 409', async () => {
    const { user, evm } = await funded();
    const op = (await create(user.token, ethSend(evm.id, '0x' + '12'.repeat(20)))).json();
    const discarded = await call(user.token, op.id, 'discard');
    expect(discarded.json()).toMatchObject({ state: 'dismissed', status: 'dismissed' });
    expect((await call(user.token, op.id, 'discard')).statusCode).toBe(200);
    const approve = await call(user.token, op.id, 'approve');
    expect(approve.statusCode).toBe(409);
    expect(approve.json().error.code).toBe('OPERATION_DISMISSED');
  });

  it('walks a continuation: approval prerequisite, next, the swap approved on its own; allowance and balances checked', async () => {
    const { user, evm } = await funded();
    const created = await create(user.token, usdcSwap(evm.id, '10'));
    expect(created.statusCode).toBe(201);
    const prerequisite = created.json();
    expect(prerequisite).toMatchObject({
      kind: 'tokenApproval',
      state: 'pending',
      approvalRequired: true,
      request: { action: { type: 'tokenApproval', walletId: evm.id, amount: '10' } },
      continuation: { walletId: evm.id, operation: null, action: { type: 'swap' } },
    });
    expect(prerequisite.continuation.label).toMatch(/Swap 10 USDC for ETH/);
    const spender: string = prerequisite.request.review.spender;

    const early = await call(user.token, prerequisite.id, 'next');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('PREREQUISITE_NOT_SUCCEEDED');

    expect((await call(user.token, prerequisite.id, 'approve')).json()).toMatchObject({ state: 'succeeded' });
    expect(await c.sandbox.chain.allowance('base', USDC, evm.address, spender)).toBe(10_000_000n);

    // Concurrent `next` calls prepare one successor.
    const calls = await Promise.all(
      Array.from({ length: 20 }, () => call(user.token, prerequisite.id, 'next')),
    );
    expect(calls.map((r) => r.statusCode)).toEqual(calls.map(() => 200));
    expect(new Set(calls.map((r) => r.json().continuation.operation.id)).size).toBe(1);
    const linked = (await c.timeline(user.token, prerequisite.id)).filter(
      (e) => e.type === 'SuccessorPrepared',
    );
    expect(linked).toHaveLength(1);
    const advanced = calls[0];
    const successor = advanced.json().continuation.operation as JsonObject;
    expect(successor).toMatchObject({
      kind: 'swap',
      state: 'pending',
      approvalRequired: true,
      continuation: null,
    });
    expect(successor.request.review).toMatchObject({ type: 'swap', slippagePercent: '1' });
    const repeated = (await call(user.token, prerequisite.id, 'next')).json();
    expect(repeated.continuation.operation.id).toBe(successor.id);
    expect((await c.getOperation(user.token, prerequisite.id)).json().continuation.operation.id).toBe(
      successor.id,
    );

    const ethBefore = await c.sandbox.chain.balance('base', evm.address, null);
    const swapped = (await call(user.token, successor.id, 'approve')).json();
    expect(swapped).toMatchObject({
      state: 'succeeded',
      receipts: [expect.objectContaining({ status: 'success' })],
    });
    expect(await c.sandbox.chain.balance('base', evm.address, USDC)).toBe(90_000_000n);
    const minimum = BigInt(successor.request.review.minimumReceive.amountRaw);
    const fee = BigInt(swapped.receipts[0].feeRaw);
    expect(
      (await c.sandbox.chain.balance('base', evm.address, null)) - ethBefore + fee,
    ).toBeGreaterThanOrEqual(minimum);
    expect(await c.sandbox.chain.allowance('base', USDC, evm.address, spender)).toBe(0n);
    // Both steps are activity items, titled by what they did, and service transactions in the feed.
    const activityOf = async (id: string) => (await c.activity(user.token, id)).json();
    expect(await activityOf(prerequisite.id)).toMatchObject({
      title: 'Approved USDC spending',
      isSuccess: true,
    });
    expect(await activityOf(successor.id)).toMatchObject({
      action: 'swap',
      title: 'Swapped USDC for ETH',
      isSuccess: true,
      assetChanges: expect.arrayContaining([
        expect.objectContaining({ amount: '-10', asset: expect.objectContaining({ symbol: 'USDC' }) }),
      ]),
    });
    const feed = await c.myFeed(user.token, 'service_transaction');
    expect(feed.map((e) => e.activity.transactionHash)).toEqual(
      expect.arrayContaining([swapped.receipts[0].hash]),
    );
    // The earlier success is untouched by what follows.
    expect((await c.getOperation(user.token, prerequisite.id)).json()).toMatchObject({ state: 'succeeded' });
  });

  it('re-reviews a swap whose quote failed at execution, once; other operations cannot be refreshed', async () => {
    const { user, evm } = await funded();
    // A standing allowance, so the swap is created as itself (no approval prerequisite).
    const allowance = {
      type: 'tokenApproval',
      walletId: evm.id,
      asset: { network: 'base', asset: USDC },
      spender: await spenderOf(user.token, evm.id),
      amount: '1000',
    };
    const approval = (await create(user.token, allowance)).json();
    expect((await call(user.token, approval.id, 'approve')).json().state).toBe('succeeded');
    const swap = (await create(user.token, usdcSwap(evm.id, '5'))).json();
    expect(swap.kind).toBe('swap');
    // ETH soars on the oracle: the pool is traded to it before the swap, and 5 USDC no longer buy
    // the pinned minimum (1% below the quote).
    const moved = await c.admin('/v1/sandbox/prices', { network: 'base', asset: 'native', usd: '1000000' });
    expect(moved.statusCode).toBe(200);
    const failed = (await call(user.token, swap.id, 'approve')).json();
    expect(failed).toMatchObject({
      state: 'failed',
      status: 'failed_before_effect',
      errorCode: 'QUOTE_BELOW_FLOOR',
    });

    const refreshed = await call(user.token, swap.id, 'refresh');
    expect(refreshed.statusCode).toBe(201);
    const fresh = refreshed.json();
    expect(fresh).toMatchObject({ kind: 'swap', state: 'pending', supersedes: swap.id });
    expect(fresh.id).not.toBe(swap.id);
    const repeats = await Promise.all(Array.from({ length: 10 }, () => call(user.token, swap.id, 'refresh')));
    expect(repeats.map((r) => [r.statusCode, r.json().id])).toEqual(repeats.map(() => [200, fresh.id]));
    expect((await c.getOperation(user.token, swap.id)).json().supersededBy).toBe(fresh.id);

    const send = (await create(user.token, ethSend(evm.id, '0x' + '34'.repeat(20)))).json();
    const notSwap = await call(user.token, send.id, 'refresh');
    expect(notSwap.statusCode).toBe(409);
    expect(notSwap.json().error.code).toBe('REFRESH_NOT_AVAILABLE');
  });

  /** A user whose EVM wallet holds `amount` USDC on the perp venue. */
  async function perpsFunded(amount: string) {
    const user = await c.app.signUp();
    const evm = user.wallets.find((w) => w.family === 'evm')!;
    await c.post('/v1/sandbox/faucet', user.token, {
      walletId: evm.id,
      network: 'perps',
      token: USDC_ADDRESSES.perps,
      amount,
    });
    return { user, evm };
  }

  it('a perp order that partly fills shows the filled size in its receipt and result', async () => {
    const { user, evm } = await perpsFunded('20000');
    // DOGE's book offers 25,000 USD a level; within 0.1% of the mark only two levels are reachable.
    const op = (
      await create(user.token, {
        type: 'perpOrder',
        walletId: evm.id,
        coin: 'DOGE',
        side: 'long',
        valueUsd: '100000',
        leverage: 10,
        slippage: '0.1',
      })
    ).json();
    expect(op.state).toBe('pending');
    const done = (await call(user.token, op.id, 'approve')).json();
    expect(done).toMatchObject({
      state: 'succeeded',
      receipts: [expect.objectContaining({ type: 'perpOrder' })],
    });
    const fill = done.receipts[0].fill;
    expect(fill).toMatchObject({ venue: 'perps', coin: 'DOGE', side: 'buy', status: 'partiallyFilled' });
    expect(Number(fill.filledSize)).toBeGreaterThan(0);
    expect(Number(fill.filledSize)).toBeLessThan(Number(fill.size));
    expect(fill.size).toBe(op.request.review.size);
    expect(done.result.fills).toEqual([fill]);
    // The documented example has the fill's fields and its side's spelling (it had said "long").
    expect(Object.keys(FILL_EXAMPLE).sort()).toEqual(Object.keys(fill).sort());
    expect(['buy', 'sell']).toContain(FILL_EXAMPLE.side);
  });

  it('fails a partial reduction whose position shrank to its size since its review; a larger one is reduced', async () => {
    const { user, evm } = await perpsFunded('1000');
    const order = (fields: object) => ({ type: 'perpOrder', walletId: evm.id, coin: 'SOL', ...fields });
    const run = async (fields: object) => {
      const op = (await create(user.token, order(fields))).json();
      return (await call(user.token, op.id, 'approve')).json();
    };
    expect(await run({ side: 'long', size: '1', leverage: 2 })).toMatchObject({ state: 'succeeded' });
    // Reviewed as half of 1 SOL; then 0.6 is taken off: 0.4 left, less than the 0.5 reviewed.
    const half = (await create(user.token, order({ reduce: true, sizePercent: '50' }))).json();
    const quarter = (await create(user.token, order({ reduce: true, sizePercent: '25' }))).json();
    expect(half.request.review.isWholePosition).toBe(false);
    expect(await run({ reduce: true, sizePercent: '60' })).toMatchObject({ state: 'succeeded' });
    const margin = async () => amountOf(await c.balances(user.token, evm.id), 'perps', USDC_ADDRESSES.perps);
    const before = await margin();
    expect((await call(user.token, half.id, 'approve')).json()).toMatchObject({
      status: 'failed_before_effect',
      errorCode: 'POSITION_CHANGED',
      error: expect.stringContaining('would close all of it'),
      receipts: [],
    });
    expect(await margin()).toBe(before);
    // The quarter (0.25) is still less than the 0.4 held: it reduces the position as reviewed.
    const fifth = (await create(user.token, order({ reduce: true, sizePercent: '20' }))).json();
    expect((await call(user.token, quarter.id, 'approve')).json()).toMatchObject({
      state: 'succeeded',
      result: { fills: [expect.objectContaining({ size: '0.25', filledSize: '0.25' })] },
    });
    // A position that flipped side is not the one a reduction was reviewed for.
    expect(await run({ reduce: true, size: 'max' })).toMatchObject({ state: 'succeeded' });
    expect(await run({ side: 'short', size: '1', leverage: 2 })).toMatchObject({ state: 'succeeded' });
    expect((await call(user.token, fifth.id, 'approve')).json()).toMatchObject({
      status: 'failed_before_effect',
      errorCode: 'POSITION_CHANGED',
      error: expect.stringContaining('holds a short SOL position'),
    });
    // Nor is a position that is gone.
    const halfShort = (await create(user.token, order({ reduce: true, sizePercent: '50' }))).json();
    expect(await run({ reduce: true, size: 'max' })).toMatchObject({ state: 'succeeded' });
    expect((await call(user.token, halfShort.id, 'approve')).json()).toMatchObject({
      status: 'failed_before_effect',
      errorCode: 'POSITION_CHANGED',
      error: expect.stringContaining('holds no SOL position'),
    });
  });

  it("serves both shapes at once, each rendered in its own; another user's operation is a 404 everywhere", async () => {
    const { user, evm } = await funded();
    const b = (await create(user.token, ethSend(evm.id, '0x' + '56'.repeat(20)))).json();
    const a = (
      await c.createOperation(user.token, {
        kind: 'send',
        walletId: evm.id,
        sendIntent: {
          token: { network: 'base', token: null },
          amount: '0.01',
          to: { address: '0x' + '56'.repeat(20) },
        },
      })
    ).json();
    expect(a).toMatchObject({ kind: 'action_sequence', state: 'awaitingApproval' });
    const list = (
      await c.app.request({ method: 'GET', url: '/v1/operations', headers: bearer(user.token) })
    ).json();
    expect(list.items.find((o: JsonObject) => o.id === b.id)).toMatchObject({
      state: 'pending',
      kind: 'send',
    });
    expect(list.items.find((o: JsonObject) => o.id === a.id)).toMatchObject({ state: 'awaitingApproval' });

    const stranger = await c.app.signUp();
    expect((await c.getOperation(stranger.token, b.id)).statusCode).toBe(404);
    for (const step of ['approve', 'discard', 'next', 'refresh'] as const)
      expect((await call(stranger.token, b.id, step)).statusCode).toBe(404);
  });

  it('refuses a body with both shapes, and bad intents with field paths, recording nothing', async () => {
    const { user, evm } = await funded();
    const before = await c.app.head();
    const both = await c.post('/v1/operations', user.token, {
      idempotencyKey: randomUUID(),
      operation: { kind: 'send' },
      intent: ethSend(evm.id, '0x' + '78'.repeat(20)),
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.fields).toEqual([expect.objectContaining({ path: 'intent' })]);
    // Neither shape: one problem, which says what to send.
    const neither = await c.post('/v1/operations', user.token, { idempotencyKey: randomUUID() });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().error.fields).toEqual([
      { path: 'operation', message: 'is required: give either operation (Shape A) or intent (Shape B)' },
    ]);
    const zero = await create(user.token, ethSend(evm.id, '0x' + '78'.repeat(20), '0.00'));
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error.fields).toEqual([expect.objectContaining({ path: 'intent.amount' })]);
    const badChecksum = await create(
      user.token,
      ethSend(evm.id, '0xAbAbabababababababababababababababababab'),
    );
    expect(badChecksum.statusCode).toBe(400);
    expect(badChecksum.json().error.fields).toEqual([expect.objectContaining({ path: 'intent.to.address' })]);
    const notMine = await create(user.token, ethSend(999_999, '0x' + '78'.repeat(20)));
    expect(notMine.json().error.fields).toEqual([expect.objectContaining({ path: 'intent.walletId' })]);
    expect(await c.app.head()).toBe(before);
  });

  /** The DEX router's address, as a quoted swap's approval names it. */
  async function spenderOf(token: string, walletId: number): Promise<string> {
    const probe = (await create(token, usdcSwap(walletId, '1'))).json();
    await call(token, probe.id, 'discard');
    return probe.request.review.spender;
  }
});
