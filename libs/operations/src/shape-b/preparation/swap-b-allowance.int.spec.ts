import { dexRouter } from '@vetted/sandbox';
import { ETH, USDC, preparationSandbox, refusal } from '../../preparation/testing/preparation-sandbox';
import type { CapturedAction } from '../../domain/actions';
import type { SwapIntentB } from '../intent';
import { prepareSwapB } from './prepare-swap-b';
import { ethToUsdcOnBase, swapWorld, usdcEth, usdcToEth } from './testing/swap-b-world';

const open = preparationSandbox();
const fundedWorld = () => swapWorld(open);

describe('prepareSwapB: an ERC-20 input short of allowance', () => {
  it('prepares a tokenApproval of the exact input when the allowance is short, continued by the swap', async () => {
    const { sandbox, wallets, prepare, execute } = await fundedWorld();
    const router = dexRouter('ethereum');
    const intent = usdcToEth('100', { slippage: '0.5' });
    const prepared = await prepare(intent);

    expect(prepared.type).toBe('tokenApproval');
    expect(prepared.action).toEqual({
      type: 'tokenApproval',
      walletId: 1,
      asset: { kind: 'evmToken', network: 'ethereum', asset: usdcEth },
      spender: router,
      amount: '100',
    });
    expect(prepared.actions).toEqual([
      {
        kind: 'chain',
        tx: {
          kind: 'approve',
          network: 'ethereum',
          from: wallets.evm.address,
          token: usdcEth,
          spender: router,
          amountRaw: '100000000',
        },
      },
    ]);
    expect(prepared.review).toMatchObject({
      type: 'tokenApproval',
      spender: router,
      amount: { symbol: 'USDC', amountRaw: '100000000' },
      currentAllowance: { amountRaw: '0' },
    });
    expect(prepared.continuation).toEqual({
      action: intent,
      label: 'Swap 100 USDC for ETH on ethereum',
      walletId: 1,
    });

    // Once the approval executed, the same intent prepares the swap itself, quoted afresh.
    await execute(prepared.actions);
    expect(await sandbox.chain.allowance('ethereum', usdcEth, wallets.evm.address, router)).toBe(100n * USDC);
    const next = await prepare(prepared.continuation!.action as SwapIntentB);
    expect(next).toMatchObject({ type: 'swap', continuation: null });
    expect(next.actions.map((a) => a.kind === 'chain' && a.tx.kind)).toEqual(['swap']);
    expect((await execute(next.actions))[0]).toMatchObject({
      kind: 'settled',
      receipt: { status: 'success' },
    });
  });

  it('continues with the exact amount approved, whatever form the amount was asked in', async () => {
    const { prepare } = await fundedWorld();
    const prepared = await prepare(usdcToEth('max'));
    expect(prepared.type).toBe('tokenApproval');
    const approved = (prepared.action as { amount: string }).amount;
    expect((prepared.continuation!.action as SwapIntentB).amount).toEqual({
      kind: 'exact',
      decimal: approved,
    });
  });

  it('swaps directly when the allowance covers the input, and asks again one raw unit short', async () => {
    const { sandbox, wallets, prepare } = await fundedWorld();
    const approve = (amountRaw: bigint, submissionId: string) =>
      sandbox.chain.submit({
        kind: 'approve',
        submissionId,
        network: 'ethereum',
        from: wallets.evm.address,
        token: usdcEth,
        spender: dexRouter('ethereum'),
        amountRaw,
      });
    await approve(5n * USDC, 'exact');
    await expect(prepare(usdcToEth('5'))).resolves.toMatchObject({ type: 'swap', continuation: null });
    await approve(5n * USDC - 1n, 'short');
    await expect(prepare(usdcToEth('5'))).resolves.toMatchObject({
      type: 'tokenApproval',
      review: { currentAllowance: { amountRaw: '4999999' } },
      continuation: { label: 'Swap 5 USDC for ETH on ethereum' },
    });
  });

  it('does not count on an allowance an operation of the wallet still executing will spend or set', async () => {
    const { sandbox, wallets, context } = await fundedWorld();
    await sandbox.chain.submit({
      kind: 'approve',
      submissionId: 'standing',
      network: 'ethereum',
      from: wallets.evm.address,
      token: usdcEth,
      spender: dexRouter('ethereum'),
      amountRaw: 100n * USDC,
    });
    const prepareWith = (executing: CapturedAction[]) =>
      prepareSwapB(usdcToEth('5'), context(wallets.evm, executing));
    const earlier = await prepareWith([]);
    expect(earlier.type).toBe('swap');
    // That swap approved and not yet settled: it runs first and spends from the allowance.
    await expect(prepareWith(earlier.actions)).resolves.toMatchObject({
      type: 'tokenApproval',
      continuation: { label: 'Swap 5 USDC for ETH on ethereum' },
    });
    // Legs on other tokens or networks leave it alone.
    const other = await prepareSwapB(ethToUsdcOnBase('0.001'), context(wallets.evm));
    await expect(prepareWith(other.actions)).resolves.toMatchObject({ type: 'swap' });
  });

  it('refuses what the wallet cannot fund with INSUFFICIENT_FUNDS, before any approval', async () => {
    const { sandbox, wallets, context } = open();
    const prepare = (intent: SwapIntentB) => prepareSwapB(intent, context(wallets.evm));
    const insufficient = { status: 400, code: 'INSUFFICIENT_FUNDS' };
    await sandbox.faucet('ethereum', wallets.evm.address, usdcEth, 50n * USDC);
    expect(await refusal(prepare(usdcToEth('50')))).toMatchObject(insufficient); // no gas
    await sandbox.faucet('ethereum', wallets.evm.address, null, ETH);
    expect(await refusal(prepare(usdcToEth('50.000001')))).toMatchObject(insufficient);
    await expect(prepare(usdcToEth('50'))).resolves.toMatchObject({ type: 'tokenApproval' });
    await sandbox.faucet('base', wallets.evm.address, null, ETH);
    expect(await refusal(prepare(ethToUsdcOnBase('1')))).toMatchObject(insufficient);
  });
});
