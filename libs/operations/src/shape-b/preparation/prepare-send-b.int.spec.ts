import { newEvmAddress } from '@vetted/kernel';
import { GAS_PRICE_WEI, GAS_UNITS, USDC_ADDRESSES } from '@vetted/sandbox';
import {
  ETH,
  USDC,
  preparationSandbox,
  refusal,
  refusedPaths,
} from '../../preparation/testing/preparation-sandbox';
import { ZERO_RECIPIENT } from '../../preparation/recipients';
import { readShapeBIntent, type SendIntentB } from '../intent';
import { PERP_SEND_MESSAGE, prepareSendB } from './prepare-send-b';

const open = preparationSandbox();
const usdcBase = USDC_ADDRESSES.base;
const usdcOnBase = { network: 'base', asset: usdcBase };

const send = (amount: unknown, to: unknown, asset: unknown = usdcOnBase): SendIntentB =>
  readShapeBIntent({ type: 'send', walletId: 1, asset, amount, to }) as SendIntentB;

async function fundedWorld() {
  const world = open();
  const { sandbox, wallets, context } = world;
  await sandbox.faucet('base', wallets.evm.address, null, ETH);
  await sandbox.faucet('base', wallets.evm.address, usdcBase, 100n * USDC);
  const prepare = (intent: SendIntentB) => prepareSendB(intent, context(wallets.evm));
  return { ...world, prepare };
}

describe('prepareSendB', () => {
  it('transfers a token to an address, never with a continuation, and it executes', async () => {
    const { sandbox, wallets, prepare, execute } = await fundedWorld();
    const payee = newEvmAddress();
    const intent = send('12.5', { address: payee.toLowerCase() });
    const prepared = await prepare(intent);
    expect(prepared).toMatchObject({ type: 'send', action: intent, continuation: null });
    expect(prepared.actions).toEqual([
      {
        kind: 'chain',
        tx: {
          kind: 'transfer',
          network: 'base',
          from: wallets.evm.address,
          to: payee,
          token: usdcBase,
          amountRaw: '12500000',
        },
      },
    ]);
    expect(prepared.review).toMatchObject({
      type: 'send',
      walletId: 1,
      summary: `Send 12.5 USDC on base to ${payee}`,
      amount: { symbol: 'USDC', amountRaw: '12500000', amount: '12.5', usd: '12.50' },
      sendsMax: false,
      from: wallets.evm.address,
      to: { address: payee, walletId: null },
      networkFees: [
        {
          leg: 0,
          fee: { symbol: 'ETH', amountRaw: (GAS_UNITS.tokenTransfer * GAS_PRICE_WEI.base).toString() },
        },
      ],
      blockhashExpiresAt: null,
    });
    await execute(prepared.actions);
    expect(await sandbox.chain.balance('base', payee, usdcBase)).toBe(12_500_000n);
  });

  it('sends max of the native asset to another wallet of the caller, leaving exactly the fee', async () => {
    const { sandbox, wallets, prepare, execute } = await fundedWorld();
    const fee = GAS_UNITS.nativeTransfer * GAS_PRICE_WEI.base;
    const prepared = await prepare(send('max', { walletId: 3 }, { network: 'base', asset: 'native' }));
    expect(prepared.actions[0]).toMatchObject({
      tx: { to: wallets.savings.address, token: null, amountRaw: (ETH - fee).toString() },
    });
    expect(prepared.review).toMatchObject({ sendsMax: true, to: { walletId: 3 } });
    await execute(prepared.actions);
    expect(await sandbox.chain.balance('base', wallets.evm.address, null)).toBe(0n);
  });

  it('resolves a percentage of the balance and a USD value', async () => {
    const { prepare } = await fundedWorld();
    const amountOf = async (amount: unknown) => (await prepare(send(amount, { walletId: 3 }))).actions[0];
    expect(await amountOf({ percentOfBalance: '12.5' })).toMatchObject({ tx: { amountRaw: '12500000' } });
    expect(await amountOf({ valueUsd: '10.50' })).toMatchObject({ tx: { amountRaw: '10500000' } });
  });

  it('sends withdrawable USDC margin on perps, and refuses a perp coin at intent.asset', async () => {
    const { sandbox, wallets, prepare } = await fundedWorld();
    await sandbox.faucet('perps', wallets.evm.address, 'USDC', 10n * USDC);
    const margin = await prepare(send('10', { walletId: 3 }, { network: 'perps', asset: 'USDC' }));
    expect(margin.actions[0]).toMatchObject({
      tx: { network: 'perps', token: 'USDC', amountRaw: '10000000' },
    });
    const btc = prepare(send('1', { walletId: 3 }, { network: 'perps', asset: 'BTC' }));
    expect((await refusal(btc)).fields).toEqual([
      { path: 'intent.asset', message: expect.stringContaining(PERP_SEND_MESSAGE) },
    ]);
  });

  it('names the recipient field of the paying wallet itself, a stranger, an archived or foreign wallet', async () => {
    const { wallets, prepare } = await fundedWorld();
    for (const walletId of [1, 9, 4, 2])
      expect(await refusedPaths(prepare(send('1', { walletId })))).toEqual(['intent.to.walletId']);
    expect(await refusedPaths(prepare(send('1', { address: wallets.evm.address })))).toEqual([
      'intent.to.address',
    ]);
    // The zero address, for the token and the native asset: nothing sent there can be moved again.
    for (const asset of [usdcOnBase, { network: 'base', asset: 'native' }])
      expect(await refusal(prepare(send('1', { address: `0x${'0'.repeat(40)}` }, asset)))).toMatchObject({
        fields: [{ path: 'intent.to.address', message: ZERO_RECIPIENT }],
      });
  });

  it('names an unknown token, a network of another family and excess decimals', async () => {
    const { prepare } = await fundedWorld();
    const to = { walletId: 3 };
    const unknown = { network: 'base', asset: USDC_ADDRESSES.ethereum };
    expect(await refusedPaths(prepare(send('1', to, unknown)))).toEqual(['intent.asset.asset']);
    const solana = send(
      '1',
      { address: '11111111111111111111111111111111' },
      { network: 'solana', asset: 'native' },
    );
    expect(await refusedPaths(prepare(solana))).toEqual(['intent.asset.network']);
    expect(await refusedPaths(prepare(send('1.0000001', to)))).toEqual(['intent.amount']);
  });

  it('refuses what the wallet cannot fund, the fee included, with INSUFFICIENT_FUNDS', async () => {
    const { prepare } = await fundedWorld();
    const insufficient = { status: 400, code: 'INSUFFICIENT_FUNDS' };
    expect(await refusal(prepare(send('100.000001', { walletId: 3 })))).toMatchObject(insufficient);
    expect(
      await refusal(prepare(send('1', { walletId: 3 }, { network: 'base', asset: 'native' }))),
    ).toMatchObject(insufficient);
    await expect(prepare(send('100', { walletId: 3 }))).resolves.toMatchObject({ type: 'send' });
  });
});
