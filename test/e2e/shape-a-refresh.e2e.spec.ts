import { USDC_ADDRESSES } from '@vetted/sandbox';
import { baseSwap, usdcSend } from '../support/operation-bodies';
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

  it('refuses to re-review for a wallet archived since, as approval does, recording nothing', async () => {
    const { user, old } = await reviewedSolanaSwap();
    expect((await c.admin('/v1/sandbox/clock', { advanceSeconds: 120 })).statusCode).toBe(200);
    const { walletId } = (await c.getOperation(user.token, old.id)).json().request.creationRequest;
    expect((await c.post(`/v1/wallets/${walletId}/archive`, user.token, {})).statusCode).toBe(200);
    const refused = await c.post(`/v1/operations/${old.id}/refresh`, user.token, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'SOURCE_WALLET_UNAVAILABLE' });
    expect(refused.json().error.fields).toBeUndefined();
    expect((await c.timeline(user.token, old.id)).map((e) => e.type)).toEqual(['OperationCreated']);
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

  /** Sets the price of ETH on base; each test that moves it sets it back to $3000. */
  const ethAt = (usd: string) => c.admin('/v1/sandbox/prices', { network: 'base', asset: 'native', usd });

  /**
   * A user's ETH -> USDC swap on base reviewed at $3000 with a floor of 1.488 USDC (the quote gives
   * about 1.49), then ETH at $2500, where no quote meets that floor.
   */
  async function swapUnderItsFloor() {
    expect((await ethAt('3000')).statusCode).toBe(200);
    const user = await c.app.signUp();
    const evm = user.wallets.find((w) => w.family === 'evm')!;
    await c.faucet(user.token, evm.id, 'base', null, '1');
    const created = await c.createOperation(
      user.token,
      baseSwap(evm.id, null, USDC_ADDRESSES.base, '0.0005', {
        sellRaw: '500000000000000',
        receiveRaw: '1488000',
      }),
    );
    expect(created.statusCode).toBe(201);
    expect((await ethAt('2500')).statusCode).toBe(200);
    return { user, evm, old: created.json() };
  }

  it('answers a refresh racing another with another floor as a repeat: one fresh review, the floor conflict named', async () => {
    const { user, old } = await swapUnderItsFloor();
    try {
      const floors = ['1200000', '1100000'].map((receiveRaw) => ({ sellRaw: '500000000000000', receiveRaw }));
      const answers = await Promise.all(
        floors.map((quoteFloor) => c.post(`/v1/operations/${old.id}/refresh`, user.token, { quoteFloor })),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      const fresh = answers.find((a) => a.statusCode === 201)!.json();
      expect(answers.find((a) => a.statusCode === 409)!.json().error).toEqual({
        code: 'IDEMPOTENCY_CONFLICT',
        message: `this operation was already refreshed (${fresh.id}) with another quote floor; refresh that one, or discard it and create a new operation`,
      });
      // A refresh without a floor, racing one with a floor, is a repeat whatever the winner's floor.
      const repeats = await Promise.all([
        c.post(`/v1/operations/${old.id}/refresh`, user.token, {}),
        c.post(`/v1/operations/${old.id}/refresh`, user.token, {}),
      ]);
      expect(repeats.map((r) => [r.statusCode, r.json().id])).toEqual([
        [200, fresh.id],
        [200, fresh.id],
      ]);
    } finally {
      await ethAt('3000');
    }
  });

  it('takes a new quote floor for the fresh review while the market stays under the old one', async () => {
    const { user, evm, old } = await swapUnderItsFloor();
    try {
      const refresh = (body: object) => c.post(`/v1/operations/${old.id}/refresh`, user.token, body);

      const sameFloor = await refresh({});
      expect(sameFloor.statusCode).toBe(400);
      expect(sameFloor.json().error.code).toBe('QUOTE_BELOW_FLOOR');
      for (const [body, path] of [
        [{ quoteFloor: { sellRaw: '0', receiveRaw: '1' } }, 'quoteFloor.sellRaw'],
        [{ quoteFloor: { sellRaw: '1', receiveRaw: '1', rate: 1 } }, 'quoteFloor.rate'],
        [{ quoteFloor: '1' }, 'quoteFloor'],
        [{ floor: {} }, 'floor'],
      ] as const) {
        const refused = await refresh(body);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().error.fields.map((f: { path: string }) => f.path)).toEqual([path]);
      }

      const newFloor = { sellRaw: '500000000000000', receiveRaw: '1200000' };
      const refreshed = await refresh({ quoteFloor: newFloor });
      expect(refreshed.statusCode).toBe(201);
      const fresh = refreshed.json();
      expect(fresh).toMatchObject({
        state: 'awaitingApproval',
        supersedes: old.id,
        request: { creationRequest: { swapIntent: { quoteFloor: newFloor } } },
      });
      expect((await c.getOperation(user.token, old.id)).json()).toMatchObject({
        state: 'canceled',
        supersededBy: fresh.id,
      });
      // Discarding the replaced review does not pretend to discard the swap: the fresh one can run.
      const discard = await c.post(`/v1/operations/${old.id}/discard`, user.token, {});
      expect(discard.statusCode).toBe(409);
      expect(discard.json().error).toMatchObject({ code: 'OPERATION_SUPERSEDED' });
      expect(discard.json().error.message).toContain(fresh.id);
      const repeat = await refresh({ quoteFloor: newFloor });
      expect(repeat.statusCode).toBe(200);
      expect(repeat.json().id).toBe(fresh.id);
      const otherFloor = await refresh({ quoteFloor: { sellRaw: '500000000000000', receiveRaw: '1100000' } });
      expect(otherFloor.statusCode).toBe(409);
      expect(otherFloor.json().error.code).toBe('IDEMPOTENCY_CONFLICT');

      // Only a Shape A swap takes a floor.
      await c.faucet(user.token, evm.id, 'base', USDC_ADDRESSES.base, '10');
      const send = (
        await c.createOperation(
          user.token,
          usdcSend(evm.id, { address: '0x06397A54AAF598bEEF3E1c6300F932Bb76a81De5' }, '1'),
        )
      ).json();
      const refused = await c.post(`/v1/operations/${send.id}/refresh`, user.token, { quoteFloor: newFloor });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toEqual([{ path: 'quoteFloor', message: expect.any(String) }]);
    } finally {
      await ethAt('3000');
    }
  });
});
