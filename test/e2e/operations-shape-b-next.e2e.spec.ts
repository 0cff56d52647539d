import { randomUUID } from 'node:crypto';
import { usdcForEthIntent as usdcSwap } from '../support/operation-bodies';
import { SandboxTestClient } from '../support/sandbox-client';

/**
 * `next` on a Shape B approval prerequisite whose wallets were archived after its review: refused as
 * approval refuses it, before anything is prepared, for the continuation's own wallets.
 */
describe('a continuation next for wallets archived since, over HTTP', () => {
  let c: SandboxTestClient;
  beforeAll(async () => {
    c = await SandboxTestClient.start();
  });
  afterAll(() => c.app.close());

  const funded = () => c.fundedEvm();
  const create = (token: string, intent: object, idempotencyKey: string = randomUUID()) =>
    c.post('/v1/operations', token, { idempotencyKey, intent });
  const call = (token: string, id: string, step: 'approve' | 'next') =>
    c.post(`/v1/operations/${id}/${step}`, token, {});

  it("refuses a continuation's next for a wallet archived since, as approval does, recording nothing", async () => {
    const { user, evm } = await funded();
    const prerequisite = (await create(user.token, usdcSwap(evm.id))).json();
    expect(prerequisite.kind).toBe('tokenApproval');
    expect((await call(user.token, prerequisite.id, 'approve')).json()).toMatchObject({ state: 'succeeded' });
    expect((await c.post(`/v1/wallets/${evm.id}/archive`, user.token, {})).statusCode).toBe(200);
    const refused = await call(user.token, prerequisite.id, 'next');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'SOURCE_WALLET_UNAVAILABLE' });
    const types = (await c.timeline(user.token, prerequisite.id)).map((e) => e.type);
    expect(types).not.toContain('SuccessorPrepared');
  });

  it("refuses a continuation's next when the swap's recipient wallet was archived since, recording nothing", async () => {
    const { user, evm } = await funded();
    const other = await c.post('/v1/wallets', user.token, { family: 'evm' });
    expect(other.statusCode).toBe(201);
    const toWalletId: number = other.json().id;
    const prerequisite = (await create(user.token, { ...usdcSwap(evm.id), toWalletId })).json();
    expect(prerequisite.kind).toBe('tokenApproval');
    expect((await c.post(`/v1/wallets/${toWalletId}/archive`, user.token, {})).statusCode).toBe(200);
    // The approval itself delivers nothing: it runs; the swap it leads to is what is refused.
    expect((await call(user.token, prerequisite.id, 'approve')).json()).toMatchObject({ state: 'succeeded' });
    const refused = await call(user.token, prerequisite.id, 'next');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'RECIPIENT_WALLET_UNAVAILABLE',
      message:
        'the wallet the continuation delivers to is archived or missing; review a new operation to an active wallet',
    });
    expect(refused.json().error.fields).toBeUndefined();
    const types = (await c.timeline(user.token, prerequisite.id)).map((e) => e.type);
    expect(types).not.toContain('SuccessorPrepared');
  });
});
