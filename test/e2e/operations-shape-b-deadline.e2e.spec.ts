import { randomUUID } from 'node:crypto';
import { SandboxTestClient } from '../support/sandbox-client';

describe('Shape B synchronous approval under the 30 s lifecycle deadline', () => {
  // A frozen service clock on a block boundary; blocks every 600 s: a transaction waits for the test to move time.
  let now = Date.UTC(2026, 10, 21, 12, 0, 0);
  const clock = { now: () => new Date(now) };
  let c: SandboxTestClient;
  beforeAll(async () => {
    c = await SandboxTestClient.start({ SANDBOX_BLOCK_TIME_SECONDS: '600' }, clock);
  });
  afterAll(() => c.app.close());

  it('past the deadline approve answers failed with LIFECYCLE_TIMEOUT; the receipt that settles later is recorded', async () => {
    const user = await c.app.signUp();
    const evm = user.wallets.find((w) => w.family === 'evm')!;
    await c.post('/v1/sandbox/faucet', user.token, {
      walletId: evm.id,
      network: 'base',
      token: null,
      amount: '1',
    });
    const to = '0x' + '9a'.repeat(20);
    const op = (
      await c.post('/v1/operations', user.token, {
        idempotencyKey: randomUUID(),
        intent: {
          type: 'send',
          walletId: evm.id,
          asset: { network: 'base', asset: 'native' },
          amount: '0.1',
          to: { address: to },
        },
      })
    ).json();
    const approving = c.post(`/v1/operations/${op.id}/approve`, user.token, {});
    // The leg is submitted and pending; then 31 s pass on the service's clock.
    await waitFor(async () => (await c.timeline(user.token, op.id)).some((e) => e.type === 'LegSubmitted'));
    now += 31_000;
    const answered = await approving;
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({
      state: 'failed',
      status: 'failed',
      errorCode: 'LIFECYCLE_TIMEOUT',
      receipts: [],
    });
    expect(answered.json().error).toMatch(/30 s/);

    // The block comes: the late receipt is recorded on the failed operation, which stays failed.
    now += 600_000;
    await waitFor(async () => (await c.getOperation(user.token, op.id)).json().receipts.length > 0);
    const late = (await c.getOperation(user.token, op.id)).json();
    expect(late).toMatchObject({ state: 'failed', errorCode: 'LIFECYCLE_TIMEOUT' });
    expect(late.receipts).toEqual([
      expect.objectContaining({ status: 'success', late: true, network: 'base' }),
    ]);
    expect(await c.sandbox.chain.balance('base', to, null)).toBe(100_000_000_000_000_000n);
  });

  it('a leg past the deadline that the chain then drops is recorded as dropped: it will not land', async () => {
    const user = await c.app.signUp();
    const solana = user.wallets.find((w) => w.family === 'solana')!;
    await c.post('/v1/sandbox/faucet', user.token, {
      walletId: solana.id,
      network: 'solana',
      token: null,
      amount: '1',
    });
    const op = (
      await c.post('/v1/operations', user.token, {
        idempotencyKey: randomUUID(),
        intent: {
          type: 'send',
          walletId: solana.id,
          asset: { network: 'solana', asset: 'native' },
          amount: '0.1',
          to: { address: 'So11111111111111111111111111111111111111112' },
        },
      })
    ).json();
    const approving = c.post(`/v1/operations/${op.id}/approve`, user.token, {});
    await waitFor(async () => (await c.timeline(user.token, op.id)).some((e) => e.type === 'LegSubmitted'));
    now += 31_000;
    const answered = (await approving).json();
    expect(answered).toMatchObject({ state: 'failed', errorCode: 'LIFECYCLE_TIMEOUT', receipts: [] });
    expect(answered.error).toMatch(/it may still settle/);

    // The block comes after the transaction's blockhash expired: the chain drops it, and the
    // operation says so (it had gone on saying the transfer may still settle).
    now += 600_000;
    await waitFor(async () =>
      (await c.timeline(user.token, op.id)).some((e) => e.type === 'LateDropRecorded'),
    );
    const drop = (await c.timeline(user.token, op.id)).find((e) => e.type === 'LateDropRecorded')!;
    // The timeline reads the store; the operation its read model, which may not have the drop yet.
    const dropped = (await c.getOperation(user.token, op.id, drop.position)).json();
    expect(dropped).toMatchObject({ state: 'failed', errorCode: 'LIFECYCLE_TIMEOUT', receipts: [] });
    expect(dropped.error).toMatch(/Since then: transaction \S+ on solana was dropped without executing/);
    expect(drop).toMatchObject({ actor: { kind: 'service' }, data: { leg: 0, code: 'BLOCKHASH_EXPIRED' } });
    expect(await c.sandbox.chain.balance('solana', solana.address, null)).toBe(1_000_000_000n);
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('condition not met in time');
}
