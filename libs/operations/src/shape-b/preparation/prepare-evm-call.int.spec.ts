import { newEvmAddress, toChecksumAddress } from '@vetted/kernel';
import { GAS_PRICE_WEI, USDC_ADDRESSES } from '@vetted/sandbox';
import {
  ETH,
  preparationSandbox,
  refusal,
  refusedPaths,
} from '../../preparation/testing/preparation-sandbox';
import type { EvmCallIntent } from '../intent';
import { intrinsicGas, prepareEvmCall } from './prepare-evm-call';

const open = preparationSandbox();
const contract = newEvmAddress();
/** `transfer(address,uint256)` selector and one zero byte: 4 non-zero + 1 zero calldata bytes. */
const DATA = '0xa9059cbb00';

const call = (overrides: Partial<EvmCallIntent> = {}): EvmCallIntent => ({
  type: 'evmCall',
  walletId: 1,
  network: 'base',
  to: contract,
  data: DATA,
  value: '1000',
  gasLimit: '100000',
  ...overrides,
});

async function funded() {
  const world = open();
  await world.sandbox.faucet('base', world.wallets.evm.address, null, ETH);
  const prepare = (intent: EvmCallIntent, wallet = world.wallets.evm) =>
    prepareEvmCall(intent, world.context(wallet));
  return { ...world, prepare };
}

describe('prepareEvmCall', () => {
  it('captures the complete call as given and reviews it, data, value, gas and provenance included', async () => {
    const { sandbox, wallets, prepare, execute } = await funded();
    const source = 'https://example.com/dapp';
    const prepared = await prepare(call({ sourceUrl: source }));
    const tx = { kind: 'evmCall', network: 'base', from: wallets.evm.address, to: contract, data: DATA };
    expect(prepared).toMatchObject({ type: 'evmCall', continuation: null, action: { sourceUrl: source } });
    expect(prepared.actions).toEqual([
      { kind: 'chain', tx: { ...tx, valueRaw: '1000', gasLimit: '100000' } },
    ]);
    expect(prepared.review).toEqual({
      type: 'evmCall',
      walletId: 1,
      summary:
        `Call ${contract} on base from ${wallets.evm.address}, sending 0.000000000000001 ETH on base, with a gas limit ` +
        'of 100000; its data is not decoded, so this review cannot show what the call does beyond its value',
      network: 'base',
      from: wallets.evm.address,
      to: contract,
      data: DATA,
      dataBytes: 5,
      value: expect.objectContaining({ symbol: 'ETH', amountRaw: '1000', amount: '0.000000000000001' }),
      tokenCall: null,
      gasLimit: '100000',
      networkFees: [
        {
          leg: 0,
          fee: expect.objectContaining({
            symbol: 'ETH',
            amountRaw: (100_000n * GAS_PRICE_WEI.base).toString(),
          }),
        },
      ],
      sourceUrl: source,
    });
    const [outcome] = await execute(prepared.actions);
    expect(outcome).toMatchObject({ kind: 'settled', receipt: { status: 'success' } });
    expect(await sandbox.chain.balance('base', contract, null)).toBe(1000n);
  });

  it('shows no provenance when no sourceUrl is given, and a zero value needs no price', async () => {
    const { sandbox, prepare } = await funded();
    await sandbox.expirePrice({ network: 'base', token: null });
    const prepared = await prepare(call({ value: '0', data: '0x' }));
    expect(prepared.review).toMatchObject({
      summary: `Call ${contract} on base from ${prepared.review.from as string}, with a gas limit of 100000`,
      dataBytes: 0,
      value: { amountRaw: '0', usd: null },
      sourceUrl: null,
    });
  });

  it('needs a live price for a call that sends value', async () => {
    const { sandbox, prepare } = await funded();
    await sandbox.expirePrice({ network: 'base', token: null });
    expect(await refusal(prepare(call()))).toMatchObject({ status: 400, code: 'PRICE_UNAVAILABLE' });
  });

  it('is signed by an EVM wallet only', async () => {
    const { wallets, prepare } = await funded();
    expect(await refusedPaths(prepare(call({ walletId: 2 }), wallets.solana))).toEqual(['intent.walletId']);
  });

  it('sends no value into an own archived wallet, where it would be stuck; a call without value may', async () => {
    const { wallets, prepare } = await funded();
    const { address } = wallets.archived;
    expect(await refusedPaths(prepare(call({ to: address, data: '0x', gasLimit: '21000' })))).toEqual([
      'intent.to',
    ]);
    await expect(
      prepare(call({ to: address, data: '0x', gasLimit: '21000', value: '0' })),
    ).resolves.toMatchObject({
      type: 'evmCall',
    });
  });

  it('runs on an EVM network only', async () => {
    const { prepare } = await funded();
    const onSolana = call({ network: 'solana' as EvmCallIntent['network'] });
    expect(await refusedPaths(prepare(onSolana))).toEqual(['intent.network']);
  });

  it('refuses a gas limit below the intrinsic gas, and accepts exactly it', async () => {
    const { prepare } = await funded();
    const intrinsic = intrinsicGas(DATA);
    expect(intrinsic).toBe(21_000n + 4n * 16n + 4n);
    expect(await refusedPaths(prepare(call({ gasLimit: (intrinsic - 1n).toString() })))).toEqual([
      'intent.gasLimit',
    ]);
    await expect(prepare(call({ gasLimit: intrinsic.toString() }))).resolves.toBeDefined();
  });

  it('refuses a call whose value plus the whole gas limit the wallet cannot afford', async () => {
    const { prepare } = await funded();
    const affordable = ETH - 100_000n * GAS_PRICE_WEI.base;
    expect(await refusal(prepare(call({ value: (affordable + 1n).toString() })))).toMatchObject({
      status: 400,
      code: 'INSUFFICIENT_FUNDS',
    });
    await expect(prepare(call({ value: affordable.toString() }))).resolves.toBeDefined();
  });

  it("decodes a known token's transfer, approve and transferFrom, needs what a transfer sends, and runs it", async () => {
    const { sandbox, wallets, prepare, execute } = await funded();
    const usdc = USDC_ADDRESSES.base;
    const payee = newEvmAddress();
    const word = (hex: string) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0');
    const onUsdc = (data: string) => call({ to: usdc, value: '0', data });
    const transfer = onUsdc(`0xa9059cbb${word(payee)}${word((5_000_000).toString(16))}`);
    // The wallet holds no USDC yet: the transfer it reviews needs 5.
    expect(await refusal(prepare(transfer))).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    await sandbox.faucet('base', wallets.evm.address, usdc, 5_000_000n);
    const prepared = await prepare(transfer);
    expect(prepared.review).toMatchObject({
      summary: `Call USDC's transfer on base from ${wallets.evm.address}: send 5 USDC on base to ${toChecksumAddress(payee)}, with a gas limit of 100000`,
      tokenCall: {
        function: 'transfer',
        to: toChecksumAddress(payee),
        amount: expect.objectContaining({ symbol: 'USDC', amountRaw: '5000000', amount: '5' }),
      },
    });
    const [outcome] = await execute(prepared.actions);
    expect(outcome).toMatchObject({ kind: 'settled', receipt: { status: 'success' } });
    expect(await sandbox.chain.balance('base', payee, usdc)).toBe(5_000_000n);
    // Allowing or pulling tokens is read too (a pull needs no funds of the caller's own).
    const approve = await prepare(onUsdc(`0x095ea7b3${word(payee)}${word('f4240')}`));
    expect(approve.review).toMatchObject({
      tokenCall: { function: 'approve', spender: toChecksumAddress(payee) },
    });
    expect(approve.review.summary as string).toContain(
      `allow ${toChecksumAddress(payee)} to spend 1 USDC on base`,
    );
    // A token contract takes no native value, whatever the data: such a call would only revert.
    for (const data of [transfer.data, '0x'])
      expect(await refusedPaths(prepare(call({ to: usdc, value: '1', data })))).toEqual(['intent.value']);
    // Nor does ERC-20 move or allow anything to the zero address.
    for (const selector of ['0xa9059cbb', '0x095ea7b3'])
      expect(await refusal(prepare(onUsdc(`${selector}${word('0')}${word('f4240')}`)))).toMatchObject({
        fields: [
          {
            path: 'intent.data',
            message: expect.stringMatching(/^USDC's (transfer|approve) to the zero address always reverts$/),
          },
        ],
      });
    const pull = await prepare(onUsdc(`0x23b872dd${word(payee)}${word(wallets.evm.address)}${word('1')}`));
    expect(pull.review).toMatchObject({
      tokenCall: { function: 'transferFrom', from: toChecksumAddress(payee) },
    });
  });
});
