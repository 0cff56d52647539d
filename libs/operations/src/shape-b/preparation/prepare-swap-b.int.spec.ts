import { GAS_PRICE_WEI, GAS_UNITS, USDC_ADDRESSES, WBTC_ETHEREUM } from '@vetted/sandbox';
import {
  ETH,
  SOL,
  preparationSandbox,
  refusal,
  refusedPaths,
} from '../../preparation/testing/preparation-sandbox';
import type { SwapIntentB } from '../intent';
import { ethToUsdcOnBase, swap, swapWorld, usdcBase, usdcEth, usdcToEth } from './testing/swap-b-world';

const open = preparationSandbox();
const fundedWorld = () => swapWorld(open);

describe('prepareSwapB', () => {
  it('pins the exact input and the slippage minimum floor(quote × (100 − s) / 100), which executes', async () => {
    const { sandbox, wallets, prepare, quote, execute } = await fundedWorld();
    const quoted = await quote(
      { network: 'base', token: null },
      { network: 'base', token: usdcBase },
      ETH / 10n,
    );
    const intent = ethToUsdcOnBase('0.1', { slippage: '0.5' });
    const prepared = await prepare(intent);

    const minimum = (quoted.amountOutRaw * 995n) / 1000n;
    expect(prepared).toMatchObject({ type: 'swap', action: intent, continuation: null });
    expect(prepared.actions).toEqual([
      {
        kind: 'chain',
        tx: {
          kind: 'swap',
          network: 'base',
          from: wallets.evm.address,
          tokenIn: null,
          assetOut: { network: 'base', token: usdcBase },
          amountInRaw: (ETH / 10n).toString(),
          minAmountOutRaw: minimum.toString(),
          recipient: wallets.evm.address,
        },
        swap: {
          quotedOutRaw: quoted.amountOutRaw.toString(),
          floor: { sellRaw: (ETH / 10n).toString(), receiveRaw: minimum.toString() },
        },
      },
    ]);
    expect(prepared.review).toMatchObject({
      type: 'swap',
      walletId: 1,
      spend: { symbol: 'ETH', amount: '0.1', usd: expect.any(String) },
      spendsMax: false,
      quotedReceive: { symbol: 'USDC', amountRaw: quoted.amountOutRaw.toString() },
      minimumReceive: { symbol: 'USDC', amountRaw: minimum.toString() },
      slippagePercent: '0.5',
      providerFee: { symbol: 'ETH', amountRaw: quoted.feeRaw.toString() },
      priceImpact: quoted.priceImpact,
      route: quoted.route,
      recipient: { address: wallets.evm.address, walletId: 1 },
      networkFees: [
        { leg: 0, fee: { symbol: 'ETH', amountRaw: (GAS_UNITS.swap * GAS_PRICE_WEI.base).toString() } },
      ],
      quotedAt: quoted.quotedAt,
      blockhashExpiresAt: null,
    });
    expect(prepared.review.summary).toMatch(
      /^Swap 0\.1 ETH on base for about [\d.]+ USDC on base \(at least/,
    );

    expect((await execute(prepared.actions))[0]).toMatchObject({
      kind: 'settled',
      receipt: { status: 'success' },
    });
    expect(await sandbox.chain.balance('base', wallets.evm.address, usdcBase)).toBe(quoted.amountOutRaw);
  });

  it('defaults the slippage to 1%, and a slippage of 0 pins the quote itself', async () => {
    const { prepare, quote } = await fundedWorld();
    const { amountOutRaw } = await quote(
      { network: 'base', token: null },
      { network: 'base', token: usdcBase },
      ETH / 10n,
    );
    const byDefault = await prepare(ethToUsdcOnBase('0.1'));
    expect(byDefault.actions[0]).toMatchObject({
      tx: { minAmountOutRaw: ((amountOutRaw * 99n) / 100n).toString() },
    });
    expect(byDefault.review).toMatchObject({ slippagePercent: '1' });
    const exact = await prepare(ethToUsdcOnBase('0.1', { slippage: '0' }));
    expect(exact.actions[0]).toMatchObject({ tx: { minAmountOutRaw: amountOutRaw.toString() } });
  });

  it('resolves every amount form as the source spend', async () => {
    const { sandbox, prepare } = await fundedWorld();
    await sandbox.setPrice({ network: 'base', token: null }, '2500');
    const amountIn = async (amount: unknown) => {
      const { actions } = await prepare(ethToUsdcOnBase(amount));
      return actions[0].kind === 'chain' && actions[0].tx.kind === 'swap' ? actions[0].tx.amountInRaw : null;
    };
    expect(await amountIn({ percentOfBalance: '25' })).toBe((ETH / 4n).toString());
    expect(await amountIn({ valueUsd: '250' })).toBe((ETH / 10n).toString());
    expect(await amountIn('max')).toBe((ETH - GAS_UNITS.swap * GAS_PRICE_WEI.base).toString());
    const max = await prepare(ethToUsdcOnBase('max'));
    expect(max.review).toMatchObject({ spendsMax: true });
  });

  it('refuses a USD-sized swap without a live price with PRICE_UNAVAILABLE', async () => {
    const { sandbox, prepare } = await fundedWorld();
    await sandbox.expirePrice({ network: 'base', token: null });
    expect(await refusal(prepare(ethToUsdcOnBase({ valueUsd: '100' })))).toMatchObject({
      status: 400,
      code: 'PRICE_UNAVAILABLE',
    });
  });

  it('delivers across networks to the named wallet of the destination family', async () => {
    const { sandbox, wallets, prepare, execute } = await fundedWorld();
    const toSol = { to: { network: 'solana', asset: 'native' } };
    expect(await refusedPaths(prepare(ethToUsdcOnBase('0.01', toSol)))).toEqual(['intent.toWalletId']);
    const prepared = await prepare(ethToUsdcOnBase('0.01', { ...toSol, toWalletId: 2 }));
    expect(prepared.actions[0]).toMatchObject({
      tx: { assetOut: { network: 'solana', token: null }, recipient: wallets.solana.address },
    });
    expect(prepared.review).toMatchObject({
      recipient: { walletId: 2 },
      route: { source: 'base', destination: 'solana' },
    });
    await execute(prepared.actions);
    expect(await sandbox.chain.balance('solana', wallets.solana.address, null)).toBeGreaterThan(0n);
    for (const toWalletId of [9, 4, 1])
      expect(await refusedPaths(prepare(ethToUsdcOnBase('0.01', { ...toSol, toWalletId })))).toEqual([
        'intent.toWalletId',
      ]);
    // Another wallet, not the paying one (wallet 1) itself.
    expect(await refusedPaths(prepare(ethToUsdcOnBase('0.01', { toWalletId: 1 })))).toEqual([
      'intent.toWalletId',
    ]);
  });

  it('signs a Solana swap with the blockhash current at review', async () => {
    const { sandbox, wallets, prepare } = await fundedWorld();
    await sandbox.faucet('solana', wallets.solana.address, null, 2n * SOL);
    const { blockhash, expiresAt } = await sandbox.chain.recentBlockhash();
    const intent = swap(
      {
        from: { network: 'solana', asset: 'native' },
        to: { network: 'solana', asset: USDC_ADDRESSES.solana },
        amount: '1',
      },
      2,
    );
    const prepared = await prepare(intent);
    expect(prepared.actions[0]).toMatchObject({
      tx: { recentBlockhash: blockhash, amountInRaw: SOL.toString() },
    });
    expect(prepared.review).toMatchObject({ type: 'swap', blockhashExpiresAt: expiresAt });
  });

  it('refuses with QUOTE_FAILED a quote that leaves no minimum once the slippage is allowed', async () => {
    const { prepare, quote } = await fundedWorld();
    const toWbtc = (slippage: string) =>
      usdcToEth('0.001', { to: { network: 'ethereum', asset: WBTC_ETHEREUM }, slippage });
    const quoted = await quote(
      { network: 'ethereum', token: usdcEth },
      { network: 'ethereum', token: WBTC_ETHEREUM },
      1000n,
    );
    expect(quoted.amountOutRaw).toBe(1n);
    expect(await refusal(prepare(toWbtc('50')))).toMatchObject({ status: 400, code: 'QUOTE_FAILED' });
    await expect(prepare(toWbtc('0'))).resolves.toMatchObject({ type: 'tokenApproval' });
  });

  it('names the field of an unknown token, a foreign family, the same asset and excess decimals', async () => {
    const { prepare } = await fundedWorld();
    const paths = (intent: SwapIntentB) => refusedPaths(prepare(intent));
    expect(await paths(usdcToEth('1', { from: { network: 'ethereum', asset: usdcBase } }))).toEqual([
      'intent.from.asset',
    ]);
    expect(await paths(usdcToEth('1', { from: { network: 'solana', asset: 'native' } }))).toEqual([
      'intent.from.network',
    ]);
    expect(await paths(usdcToEth('1', { to: { network: 'ethereum', asset: usdcEth } }))).toEqual([
      'intent.to',
    ]);
    expect(await paths(usdcToEth('1.0000001'))).toEqual(['intent.amount']);
  });
});
