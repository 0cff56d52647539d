import { USDC_ADDRESSES } from '@vetted/sandbox';
import { SandboxTestClient } from '../support/sandbox-client';

/**
 * `refresh` on a Shape A swap that failed before effect: a new review with a fresh quote, whose
 * resource names the one it re-reviews (`supersedes`), while the old one names its replacement
 * (`supersededBy`), as Shape B's do (api-decisions section 5).
 */
describe('refreshing a Shape A swap, over HTTP', () => {
  let c: SandboxTestClient;
  beforeAll(async () => {
    c = await SandboxTestClient.start();
  });
  afterAll(() => c.app.close());

  /** A user's SOL -> USDC swap on solana, reviewed: its blockhash expires 120 s of sandbox time on. */
  async function reviewedSolanaSwap(): Promise<{
    user: { token: string };
    old: { id: string; supersedes: unknown };
  }> {
    const user = await c.app.signUp();
    const solana = user.wallets.find((w) => w.family === 'solana')!;
    await c.faucet(user.token, solana.id, 'solana', null, '5');
    const created = await c.createOperation(user.token, {
      kind: 'swap',
      walletId: solana.id,
      swapIntent: {
        from: { network: 'solana', token: null },
        to: { network: 'solana', token: USDC_ADDRESSES.solana },
        amount: '1',
        quoteFloor: { sellRaw: '1000000000', receiveRaw: '1' },
      },
    });
    expect(created.statusCode).toBe(201);
    return { user, old: created.json() };
  }

  it('links the fresh review and the failed one both ways', async () => {
    const { user, old } = await reviewedSolanaSwap();
    expect(old.supersedes).toBeNull();
    // Its captured blockhash expires before the approval.
    expect((await c.admin('/v1/sandbox/clock', { advanceSeconds: 120 })).statusCode).toBe(200);
    await c.post(`/v1/operations/${old.id}/approve`, user.token, {});
    expect(await c.settledOperation(user.token, old.id)).toMatchObject({
      state: 'failed_before_effect',
      errorCode: 'BLOCKHASH_EXPIRED',
    });
    const refreshed = await c.post(`/v1/operations/${old.id}/refresh`, user.token, {});
    expect(refreshed.statusCode).toBe(201);
    const fresh = refreshed.json();
    expect(fresh).toMatchObject({ state: 'awaitingApproval', supersedes: old.id });
    expect(fresh.id).not.toBe(old.id);
    // The answer's position is the command's last write: the link recorded on the old operation.
    const link = (await c.timeline(user.token, old.id)).find((e) => e.type === 'SuccessorPrepared')!;
    expect(Number(refreshed.headers['x-event-position'])).toBeGreaterThanOrEqual(Number(link.position));
    expect((await c.getOperation(user.token, old.id)).json()).toMatchObject({ supersededBy: fresh.id });
  });

  it('re-reviews an unapproved Solana swap once its blockhash expired, without a doomed approval', async () => {
    const { user, old } = await reviewedSolanaSwap();
    // While it can still execute, refresh says so.
    const early = await c.post(`/v1/operations/${old.id}/refresh`, user.token, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('REFRESH_NOT_AVAILABLE');
    expect((await c.admin('/v1/sandbox/clock', { advanceSeconds: 120 })).statusCode).toBe(200);
    const refreshed = await c.post(`/v1/operations/${old.id}/refresh`, user.token, {});
    expect(refreshed.statusCode).toBe(201);
    const fresh = refreshed.json();
    expect(fresh).toMatchObject({ state: 'awaitingApproval', supersedes: old.id });
    expect((await c.getOperation(user.token, old.id)).json()).toMatchObject({
      state: 'canceled',
      supersededBy: fresh.id,
      txs: [],
    });
  });
});
