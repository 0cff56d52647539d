import { PUSD_POLYGON, USDC_ADDRESSES } from '@vetted/sandbox';
import { baseSwap, usdcSend } from '../support/operation-bodies';
import { type JsonObject, SandboxTestClient } from '../support/sandbox-client';

/**
 * Deposits into a venue and withdrawals from it are titled as such, naming the token and the venue
 * (the reference's activity item table): a send into the prediction venue's deposit wallet, and
 * swaps onto and off the perp venue's network.
 */
describe('deposits and withdrawals in activity titles, over HTTP', () => {
  let c: SandboxTestClient;
  beforeAll(async () => {
    c = await SandboxTestClient.start();
  });
  afterAll(() => c.app.close());

  async function titleOf(token: string, operation: JsonObject): Promise<string> {
    expect(operation.state).toBe('done');
    const res = await c.activity(token, operation.id as string);
    expect(res.statusCode).toBe(200);
    return res.json().title;
  }

  it('a send into the Predict deposit wallet is a deposit to Predict', async () => {
    const user = await c.app.signUp();
    const evm = user.wallets.find((w) => w.family === 'evm')!;
    await c.faucet(user.token, evm.id, 'polygon', null, '1');
    await c.faucet(user.token, evm.id, 'polygon', PUSD_POLYGON, '20');
    const deposit = (
      await c.post('/v1/predict/deposit-wallets', user.token, { controllerWalletId: evm.id })
    ).json();
    const send = {
      kind: 'send',
      walletId: evm.id,
      sendIntent: {
        token: { network: 'polygon', token: PUSD_POLYGON },
        amount: '5',
        to: { walletId: deposit.id },
      },
    };
    expect(await titleOf(user.token, await c.run(user.token, send))).toBe('Deposited 5 pUSD to Predict');
    // An ordinary send keeps its title.
    const other = (await c.post('/v1/wallets', user.token, { family: 'evm', name: 'Other' })).json();
    await c.faucet(user.token, evm.id, 'base', null, '1');
    await c.faucet(user.token, evm.id, 'base', USDC_ADDRESSES.base, '10');
    const plain = await c.run(user.token, usdcSend(evm.id, { walletId: other.id }, '1'));
    expect(await titleOf(user.token, plain)).toBe('Sent 1 USDC');
  });

  it('a swap onto the perp venue is a deposit to it, and one off it a withdrawal', async () => {
    const user = await c.app.signUp();
    const evm = user.wallets.find((w) => w.family === 'evm')!;
    await c.faucet(user.token, evm.id, 'base', null, '1');
    await c.faucet(user.token, evm.id, 'base', USDC_ADDRESSES.base, '10');
    await c.faucet(user.token, evm.id, 'arbitrum', null, '1');
    const floor = { sellRaw: '1000000', receiveRaw: '1' };
    const onto = baseSwap(evm.id, USDC_ADDRESSES.base, null, '2', floor);
    const deposit = extendTo(onto, { network: 'perps', token: USDC_ADDRESSES.perps });
    expect(await titleOf(user.token, await c.run(user.token, deposit))).toBe(
      'Deposited 2 USDC to the perp venue',
    );
    const withdraw = {
      kind: 'swap',
      walletId: evm.id,
      swapIntent: {
        from: { network: 'perps', token: USDC_ADDRESSES.perps },
        to: { network: 'arbitrum', token: USDC_ADDRESSES.arbitrum },
        amount: '1.5',
        quoteFloor: floor,
      },
    };
    expect(await titleOf(user.token, await c.run(user.token, withdraw))).toBe(
      'Withdrew 1.5 USDC from the perp venue',
    );
  });
});

/** The same swap delivering `to` instead. */
function extendTo(swap: ReturnType<typeof baseSwap>, to: { network: string; token: string | null }) {
  return { ...swap, swapIntent: { ...swap.swapIntent, to } };
}
