import { USDC_ADDRESSES } from '@vetted/sandbox';
import { amountOf, SandboxTestClient } from '../support/sandbox-client';

const PERPS_USDC = USDC_ADDRESSES.perps;

/**
 * Perp orders reviewed against the position a wallet holds, approved after it changed: an add-on
 * keeps the position's leverage, and an open or close no longer matching the position fails
 * before effect (`POSITION_CHANGED`).
 */
describe('perp orders on an open position, over HTTP', () => {
  let c: SandboxTestClient;
  beforeAll(async () => {
    c = await SandboxTestClient.start();
  });
  afterAll(() => c.app.close());

  const faucet = (token: string, walletId: number, network: string, asset: string | null, amount: string) =>
    c.faucet(token, walletId, network, asset, amount);
  const create = (token: string, operation: object) => c.createOperation(token, operation);
  const approve = (token: string, id: string) => c.post(`/v1/operations/${id}/approve`, token);
  const settled = (token: string, id: string) => c.settledOperation(token, id);
  const run = (token: string, operation: object) => c.run(token, operation);
  const balances = (token: string, walletId: number) => c.balances(token, walletId);

  it('adds at the position’s leverage, refuses another, and fails a close whose position grew since its review', async () => {
    const user = await c.app.signUp();
    const evm = user.wallets[0];
    await faucet(user.token, evm.id, 'perps', PERPS_USDC, '1000');
    const open = (leverage?: number) => ({
      kind: 'perp',
      walletId: evm.id,
      perpIntent: { coin: 'SOL', side: 'long', amountUsdc: '100', ...(leverage ? { leverage } : {}) },
    });
    expect(await run(user.token, open(2))).toMatchObject({ state: 'done' });

    // An order on the position keeps its leverage: another one would re-lever all of it.
    const relever = await create(user.token, open(3));
    expect(relever.statusCode).toBe(400);
    expect(relever.json().error.fields).toEqual([
      { path: 'operation.perpIntent.leverage', message: expect.stringContaining('2x') },
    ]);
    const addOn = await create(user.token, open());
    expect(addOn.statusCode).toBe(201);
    expect(addOn.json().request.actions[0].order.leverage).toBe(2);

    // A close reviewed now, then the add-on approved: the position outgrew the close.
    const close = { kind: 'perpClose', walletId: evm.id, closeIntent: { coin: 'SOL' } };
    const closing = (await create(user.token, close)).json();
    const reviewed: string = closing.request.actions[0].order.size;
    expect((await approve(user.token, addOn.json().id)).statusCode).toBe(200);
    expect(await settled(user.token, addOn.json().id)).toMatchObject({ state: 'done' });
    expect((await approve(user.token, closing.id)).statusCode).toBe(200);
    expect(await settled(user.token, closing.id)).toMatchObject({
      state: 'failed_before_effect',
      errorCode: 'POSITION_CHANGED',
      error: expect.stringContaining(`long ${reviewed} SOL`),
      txs: [],
    });
    // Nothing was closed: a new close reviews the whole, larger position, and closes it.
    const again = (await create(user.token, close)).json();
    expect(Number(again.request.actions[0].order.size)).toBeGreaterThan(Number(reviewed));
    expect((await approve(user.token, again.id)).statusCode).toBe(200);
    expect(await settled(user.token, again.id)).toMatchObject({ state: 'done' });
    const none = await create(user.token, close);
    expect(none.statusCode).toBe(400);
  });

  it('fails an open whose position changed side or leverage since its review; one it still adds to runs', async () => {
    const user = await c.app.signUp();
    const evm = user.wallets[0];
    await faucet(user.token, evm.id, 'perps', PERPS_USDC, '1000');
    const open = (side: 'long' | 'short', leverage: number) => ({
      kind: 'perp',
      walletId: evm.id,
      perpIntent: { coin: 'SOL', side, amountUsdc: '100', leverage },
    });
    // Reviewed with no position: each is fine as it stands.
    const [atThree, short, atTwo] = [
      (await create(user.token, open('long', 3))).json(),
      (await create(user.token, open('short', 2))).json(),
      (await create(user.token, open('long', 2))).json(),
    ];
    // Then a 2x long is opened: the first would re-lever it to 3x, the second reduce or flip it.
    expect(await run(user.token, open('long', 2))).toMatchObject({ state: 'done' });
    const close = { kind: 'perpClose', walletId: evm.id, closeIntent: { coin: 'SOL' } };
    const held = (await create(user.token, close)).json().request.actions[0].order.size;
    const margin = amountOf(await balances(user.token, evm.id), 'perps', PERPS_USDC);

    for (const [review, said] of [
      [atThree, 'is now at 2x'],
      [short, 'holds a long SOL position'],
    ] as const) {
      expect((await approve(user.token, review.id)).statusCode).toBe(200);
      expect(await settled(user.token, review.id)).toMatchObject({
        state: 'failed_before_effect',
        errorCode: 'POSITION_CHANGED',
        error: expect.stringContaining(said),
        txs: [],
      });
    }
    // Nothing moved: the same 2x long, and the same margin account.
    const after = (await create(user.token, close)).json().request.actions[0];
    expect(after.order.size).toBe(held);
    expect((await create(user.token, open('long', 2))).json().request.actions[0].order.leverage).toBe(2);
    expect(amountOf(await balances(user.token, evm.id), 'perps', PERPS_USDC)).toBe(margin);
    // An open on the position's side and at its leverage still adds to it.
    expect((await approve(user.token, atTwo.id)).statusCode).toBe(200);
    expect(await settled(user.token, atTwo.id)).toMatchObject({ state: 'done' });
    const grown = (await create(user.token, close)).json().request.actions[0].order.size;
    expect(Number(grown)).toBeGreaterThan(Number(held));
  });
});
