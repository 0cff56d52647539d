import { randomUUID } from 'node:crypto';
import { USDC_ADDRESSES } from '@vetted/sandbox';
import { baseSwap, usdcSend } from '../support/operation-bodies';
import { type JsonObject, SandboxTestClient } from '../support/sandbox-client';

const USDC = USDC_ADDRESSES.base;

/**
 * A send (or a Shape B value call) to another of the caller's own wallets, named by its address
 * instead of its id: the activity item shows what that wallet received, as it does for a send
 * named by wallet id, and a refresh of that wallet finds nothing unexplained.
 */
describe('value sent to an own wallet named by its address, over HTTP', () => {
  let c: SandboxTestClient;
  beforeAll(async () => {
    c = await SandboxTestClient.start();
  });
  afterAll(() => c.app.close());

  async function funded() {
    const { user, evm } = await c.fundedEvm();
    const savings = (await c.post('/v1/wallets', user.token, { family: 'evm', name: 'Savings' })).json();
    // Observed once before: the faucet's deposits are this user's balance changes so far.
    await c.refreshed(user.token);
    return { user, evm, savings };
  }

  async function activityOf(token: string, id: string): Promise<JsonObject> {
    const res = await c.activity(token, id);
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  async function expectReceived(token: string, id: string, address: string, amount: string) {
    expect((await activityOf(token, id)).assetChanges).toContainEqual(
      expect.objectContaining({ walletAddress: address, amount, kind: 'transfer' }),
    );
    const before = (await c.myFeed(token, 'balance_change')).length;
    await c.refreshed(token);
    expect(await c.myFeed(token, 'balance_change')).toHaveLength(before);
  }

  it('Shape A, the address in lowercase', async () => {
    const { user, evm, savings } = await funded();
    const done = await c.run(
      user.token,
      usdcSend(evm.id, { address: savings.address.toLowerCase() }, '3.333333'),
    );
    expect(done.state).toBe('done');
    await expectReceived(user.token, done.id as string, savings.address, '3.333333');
  });

  it('approval refuses to deliver into an own wallet archived since the review: 400, nothing moves, the review can be discarded', async () => {
    const { user, evm, savings } = await funded();
    const swap = baseSwap(evm.id, USDC, null, '1', { sellRaw: '1000000', receiveRaw: '1' });
    const reviews = [
      usdcSend(evm.id, { walletId: savings.id }, '2'),
      usdcSend(evm.id, { address: savings.address }, '1'),
      { ...swap, swapIntent: { ...swap.swapIntent, toWalletId: savings.id } },
    ];
    const ids: string[] = [];
    for (const review of reviews) {
      const created = await c.createOperation(user.token, review);
      expect(created.statusCode).toBe(201);
      ids.push(created.json().id);
    }
    expect((await c.post(`/v1/wallets/${savings.id}/archive`, user.token, {})).statusCode).toBe(200);
    const before = await c.balances(user.token, evm.id);
    for (const id of ids) {
      const refused = await c.post(`/v1/operations/${id}/approve`, user.token, {});
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('RECIPIENT_WALLET_UNAVAILABLE');
      expect((await c.getOperation(user.token, id)).json().state).toBe('awaitingApproval');
      expect((await c.post(`/v1/operations/${id}/discard`, user.token, {})).json().state).toBe('dismissed');
    }
    expect(await c.balances(user.token, evm.id)).toEqual(before);
    // A new review cannot name it either, by id or by address.
    for (const to of [{ walletId: savings.id }, { address: savings.address }])
      expect((await c.createOperation(user.token, usdcSend(evm.id, to, '1'))).statusCode).toBe(400);
  });

  it('Shape B', async () => {
    const { user, evm, savings } = await funded();
    const intent = {
      type: 'send',
      walletId: evm.id,
      asset: { network: 'base', asset: USDC },
      amount: '1.5',
      to: { address: savings.address },
    };
    const created = await c.post('/v1/operations', user.token, { idempotencyKey: randomUUID(), intent });
    expect(created.statusCode).toBe(201);
    const approved = await c.post(`/v1/operations/${created.json().id}/approve`, user.token, {});
    expect(approved.json().state).toBe('succeeded');
    await expectReceived(user.token, created.json().id, savings.address, '1.5');
  });

  /** A Shape B `evmCall` moving 0.001 ETH to `to`, approved to `succeeded`. */
  async function valueCall(token: string, walletId: number, to: string): Promise<string> {
    const intent = {
      type: 'evmCall',
      walletId,
      network: 'base',
      to,
      data: '0x',
      value: '1000000000000000',
      gasLimit: '21000',
    };
    const created = await c.post('/v1/operations', token, { idempotencyKey: randomUUID(), intent });
    expect(created.statusCode).toBe(201);
    const approved = await c.post(`/v1/operations/${created.json().id}/approve`, token, {});
    expect(approved.json().state).toBe('succeeded');
    return created.json().id;
  }

  it('Shape B evmCall with value to an own wallet', async () => {
    const { user, evm, savings } = await funded();
    const id = await valueCall(user.token, evm.id, savings.address.toLowerCase());
    expect((await activityOf(user.token, id)).title).toBe('Contract call on base with 0.001 ETH');
    await expectReceived(user.token, id, savings.address, '0.001');
  });

  it('Shape B Solana System transfer to an own wallet', async () => {
    const user = await c.app.signUp();
    const solana = user.wallets.find((w) => w.family === 'solana')!;
    const other = (await c.post('/v1/wallets', user.token, { family: 'solana', name: 'Cold' })).json();
    await c.faucet(user.token, solana.id, 'solana', null, '1');
    await c.refreshed(user.token);
    const intent = {
      type: 'solanaInstruction',
      walletId: solana.id,
      programAddress: '11111111111111111111111111111111',
      accounts: [
        { address: solana.address, isSigner: true, isWritable: true },
        { address: other.address, isSigner: false, isWritable: true },
      ],
      data: [{ u32: '2' }, { u64: '3000000' }],
    };
    const created = await c.post('/v1/operations', user.token, { idempotencyKey: randomUUID(), intent });
    expect(created.statusCode).toBe(201);
    const approved = await c.post(`/v1/operations/${created.json().id}/approve`, user.token, {});
    expect(approved.json().state).toBe('succeeded');
    await expectReceived(user.token, created.json().id, other.address, '0.003');
  });

  it('Shape B evmCall with value to its own signer: only the gas moves', async () => {
    const { user, evm } = await funded();
    const id = await valueCall(user.token, evm.id, evm.address);
    expect((await activityOf(user.token, id)).title).toBe('Contract call on base');
    const changes = (await activityOf(user.token, id)).assetChanges as { amount: string; kind: string }[];
    expect(changes).toEqual([expect.objectContaining({ walletAddress: evm.address, kind: 'fee' })]);
    expect(changes[0].amount).toMatch(/^-0\.0000\d+$/);
    const before = (await c.myFeed(user.token, 'balance_change')).length;
    await c.refreshed(user.token);
    expect(await c.myFeed(user.token, 'balance_change')).toHaveLength(before);
  });
});
