import { GAS_PRICE_WEI, GAS_UNITS, MARKET_SPECS, USDC_ADDRESSES, outcomeTokenId } from '@vetted/sandbox';
import type { PriceReader } from '@vetted/venues';
import type { CapturedAction } from '../domain/actions';
import { prepareShapeA } from './prepare-shape-a';
import type { SwapOperation } from './shape-a-request';
import { ETH, SOL, USDC, preparationSandbox, refusal, refusedPaths } from './testing/preparation-sandbox';

const open = preparationSandbox();
const usdcEth = USDC_ADDRESSES.ethereum;
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** USDC → ETH on ethereum, accepting at least 0.0003 ETH per USDC (the pool pays about 0.00033). */
const usdcToEth = (amount: string, intent: Partial<SwapOperation['swapIntent']> = {}): SwapOperation => ({
  kind: 'swap',
  walletId: 1,
  swapIntent: {
    from: { network: 'ethereum', token: usdcEth },
    to: { network: 'ethereum', token: null },
    amount,
    quoteFloor: { sellRaw: '1000000', receiveRaw: '300000000000000' },
    ...intent,
  },
});

async function fundedWorld() {
  const world = open();
  const { sandbox, wallets } = world;
  await sandbox.faucet('ethereum', wallets.evm.address, null, ETH);
  await sandbox.faucet('ethereum', wallets.evm.address, usdcEth, 1000n * USDC);
  return world;
}

describe('prepareShapeA: swap', () => {
  it('approves exactly the input, then swaps it with the floor-implied minimum, and the legs execute', async () => {
    const { sandbox, wallets, prepare, execute } = await fundedWorld();
    const quote = await sandbox.quoter.quote({
      from: { network: 'ethereum', token: usdcEth },
      to: { network: 'ethereum', token: null },
      amountInRaw: 100n * USDC,
    });
    const prepared = await prepare(usdcToEth('100'));

    const minOut = ceilDiv(100n * USDC * 300000000000000n, 1000000n);
    const router = quote.approvalSpender!;
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
      {
        kind: 'chain',
        tx: {
          kind: 'swap',
          network: 'ethereum',
          from: wallets.evm.address,
          tokenIn: usdcEth,
          assetOut: { network: 'ethereum', token: null },
          amountInRaw: '100000000',
          minAmountOutRaw: minOut.toString(),
          recipient: wallets.evm.address,
        },
        swap: {
          quotedOutRaw: quote.amountOutRaw.toString(),
          floor: { sellRaw: '1000000', receiveRaw: '300000000000000' },
        },
      },
    ]);
    const gwei = GAS_PRICE_WEI.ethereum;
    expect(prepared.review).toMatchObject({
      kind: 'swap',
      walletId: 1,
      spend: { symbol: 'USDC', amountRaw: '100000000', amount: '100', usd: '100.00' },
      spendsMax: false,
      quotedReceive: { symbol: 'ETH', amountRaw: quote.amountOutRaw.toString(), usd: expect.any(String) },
      minimumReceive: { amountRaw: minOut.toString(), amount: '0.03' },
      providerFee: { symbol: 'USDC', amountRaw: quote.feeRaw.toString() },
      priceImpact: quote.priceImpact,
      recipient: { address: wallets.evm.address, walletId: 1 },
      approval: { spender: router, amount: { amountRaw: '100000000' } },
      networkFees: [
        { leg: 0, fee: { symbol: 'ETH', amountRaw: (GAS_UNITS.approve * gwei).toString() } },
        { leg: 1, fee: { symbol: 'ETH', amountRaw: (GAS_UNITS.swap * gwei).toString() } },
      ],
      blockhashExpiresAt: null,
    });
    expect(prepared.review.summary).toMatch(/^Swap 100 USDC on ethereum for about 0\.0\d+ ETH on ethereum/);

    const before = await sandbox.chain.balance('ethereum', wallets.evm.address, null);
    const outcomes = await execute(prepared.actions);
    expect(outcomes.map((o) => o.kind === 'settled' && o.receipt.status)).toEqual(['success', 'success']);
    const gas = (GAS_UNITS.approve + GAS_UNITS.swap) * gwei;
    expect(await sandbox.chain.balance('ethereum', wallets.evm.address, null)).toBe(
      before - gas + quote.amountOutRaw,
    );
  });

  it('needs no approval when the allowance already covers the input', async () => {
    const { sandbox, wallets, prepare } = await fundedWorld();
    const quote = await sandbox.quoter.quote({
      from: { network: 'ethereum', token: usdcEth },
      to: { network: 'ethereum', token: null },
      amountInRaw: USDC,
    });
    await sandbox.chain.submit({
      kind: 'approve',
      submissionId: 'allowance',
      network: 'ethereum',
      from: wallets.evm.address,
      token: usdcEth,
      spender: quote.approvalSpender!,
      amountRaw: 5n * USDC,
    });
    const prepared = await prepare(usdcToEth('1'));
    expect(prepared.actions.map((a) => a.kind === 'chain' && a.tx.kind)).toEqual(['swap']);
    expect(prepared.review).toMatchObject({ approval: null, networkFees: [{ leg: 0 }] });
  });

  it('approves its own input when an operation of the wallet still executing will use the allowance', async () => {
    const { sandbox, wallets, context } = await fundedWorld();
    const quote = await sandbox.quoter.quote({
      from: { network: 'ethereum', token: usdcEth },
      to: { network: 'ethereum', token: null },
      amountInRaw: USDC,
    });
    let approvals = 0;
    const approve = (amountRaw: bigint) =>
      sandbox.chain.submit({
        kind: 'approve',
        submissionId: `allowance-${++approvals}`,
        network: 'ethereum',
        from: wallets.evm.address,
        token: usdcEth,
        spender: quote.approvalSpender!,
        amountRaw,
      });
    await approve(5n * USDC);
    const kinds = async (executing: CapturedAction[]) =>
      (await prepareShapeA(usdcToEth('1'), context(wallets.evm, executing))).actions.map(
        (a) => a.kind === 'chain' && a.tx.kind,
      );
    const earlier = await prepareShapeA(usdcToEth('1'), context(wallets.evm));
    expect(earlier.actions.map((a) => a.kind === 'chain' && a.tx.kind)).toEqual(['swap']);
    // Its swap still to settle: it spends from the allowance first.
    expect(await kinds(earlier.actions)).toEqual(['approve', 'swap']);
    // An approval still to run sets the allowance anew, whatever it is now.
    await approve(0n);
    const approving = await prepareShapeA(usdcToEth('1'), context(wallets.evm));
    await approve(5n * USDC);
    expect(await kinds(approving.actions.slice(0, 1))).toEqual(['approve', 'swap']);
    // A send of the same token moves no allowance.
    const send = await prepareShapeA(
      {
        kind: 'send',
        walletId: 1,
        sendIntent: { token: { network: 'ethereum', token: usdcEth }, amount: '1', to: { walletId: 3 } },
      },
      context(wallets.evm),
    );
    expect(await kinds(send.actions)).toEqual(['swap']);
  });

  it('accepts a token address in any casing and captures it checksummed', async () => {
    const { prepare } = await fundedWorld();
    const lower = await prepare(
      usdcToEth('1', { from: { network: 'ethereum', token: usdcEth.toLowerCase() } }),
    );
    const upper = await prepare(
      usdcToEth('1', { from: { network: 'ethereum', token: `0x${usdcEth.slice(2).toUpperCase()}` } }),
    );
    for (const { actions } of [lower, upper]) expect(actions[0]).toMatchObject({ tx: { token: usdcEth } });
  });

  it('resolves max of the native asset to the balance less the swap fee, which then executes', async () => {
    const { sandbox, wallets, prepare, execute } = open();
    await sandbox.faucet('base', wallets.evm.address, null, ETH / 10n);
    const fee = GAS_UNITS.swap * GAS_PRICE_WEI.base;
    const prepared = await prepare({
      kind: 'swap',
      walletId: 1,
      swapIntent: {
        from: { network: 'base', token: null },
        to: { network: 'base', token: USDC_ADDRESSES.base },
        amount: 'max',
        quoteFloor: { sellRaw: ETH.toString(), receiveRaw: '1000000000' },
      },
    });
    expect(prepared.actions).toEqual([
      {
        kind: 'chain',
        tx: expect.objectContaining({
          kind: 'swap',
          tokenIn: null,
          amountInRaw: (ETH / 10n - fee).toString(),
        }),
        swap: expect.any(Object),
      },
    ]);
    expect(prepared.review).toMatchObject({ spendsMax: true, approval: null });
    expect((await execute(prepared.actions))[0]).toMatchObject({
      kind: 'settled',
      receipt: { status: 'success' },
    });
    expect(await sandbox.chain.balance('base', wallets.evm.address, null)).toBe(0n);
  });

  it('delivers a cross-network swap to the named wallet of the destination family', async () => {
    const { sandbox, wallets, prepare, execute } = await fundedWorld();
    const prepared = await prepare(
      usdcToEth('10', {
        to: { network: 'solana', token: null },
        quoteFloor: { sellRaw: '1', receiveRaw: '1' },
        toWalletId: 2,
      }),
    );
    expect(prepared.actions[1]).toMatchObject({
      tx: { kind: 'swap', assetOut: { network: 'solana', token: null }, recipient: wallets.solana.address },
      swap: { floor: { sellRaw: '1', receiveRaw: '1' } },
    });
    expect(prepared.review).toMatchObject({
      recipient: { address: wallets.solana.address, walletId: 2 },
      route: { source: 'ethereum', destination: 'solana' },
    });
    await execute(prepared.actions);
    expect(await sandbox.chain.balance('solana', wallets.solana.address, null)).toBeGreaterThan(0n);
  });

  it('signs a Solana swap with the blockhash current at review', async () => {
    const { sandbox, wallets, prepare } = open();
    await sandbox.faucet('solana', wallets.solana.address, null, 2n * SOL);
    const { blockhash, expiresAt } = await sandbox.chain.recentBlockhash();
    const prepared = await prepare({
      kind: 'swap',
      walletId: 2,
      swapIntent: {
        from: { network: 'solana', token: null },
        to: { network: 'solana', token: USDC_ADDRESSES.solana },
        amount: '1',
        quoteFloor: { sellRaw: SOL.toString(), receiveRaw: '1' },
      },
    });
    expect(prepared.actions[0]).toMatchObject({
      tx: {
        network: 'solana',
        from: wallets.solana.address,
        recentBlockhash: blockhash,
        amountInRaw: SOL.toString(),
      },
    });
    expect(prepared.review).toMatchObject({ blockhashExpiresAt: expiresAt, recipient: { walletId: 2 } });
  });

  it('takes a floor exactly at the quote, and refuses one a unit above it with QUOTE_BELOW_FLOOR', async () => {
    const { sandbox, prepare } = await fundedWorld();
    const { amountOutRaw } = await sandbox.quoter.quote({
      from: { network: 'ethereum', token: usdcEth },
      to: { network: 'ethereum', token: null },
      amountInRaw: 100n * USDC,
    });
    const floor = (receive: bigint) => ({
      quoteFloor: { sellRaw: '100000000', receiveRaw: receive.toString() },
    });
    const atQuote = await prepare(usdcToEth('100', floor(amountOutRaw)));
    expect(atQuote.actions[1]).toMatchObject({ tx: { minAmountOutRaw: amountOutRaw.toString() } });
    expect(await refusal(prepare(usdcToEth('100', floor(amountOutRaw + 1n))))).toEqual({
      status: 400,
      code: 'QUOTE_BELOW_FLOOR',
      fields: undefined,
    });
  });

  it('refuses what the wallet cannot fund, the gas included, with INSUFFICIENT_FUNDS', async () => {
    const { sandbox, wallets, prepare } = open();
    const insufficient = { status: 400, code: 'INSUFFICIENT_FUNDS', fields: undefined };
    expect(await refusal(prepare(usdcToEth('max')))).toEqual(insufficient);
    await sandbox.faucet('ethereum', wallets.evm.address, usdcEth, 50n * USDC);
    expect(await refusal(prepare(usdcToEth('50')))).toEqual(insufficient);
    await sandbox.faucet('ethereum', wallets.evm.address, null, ETH);
    expect(await refusal(prepare(usdcToEth('50.000001')))).toEqual(insufficient);
    await expect(prepare(usdcToEth('50'))).resolves.toBeDefined();
  });

  it('refuses swapping away the native asset with no room left for gas', async () => {
    const { sandbox, wallets, prepare } = open();
    await sandbox.faucet('base', wallets.evm.address, null, ETH);
    const swap = (amount: string): SwapOperation => ({
      kind: 'swap',
      walletId: 1,
      swapIntent: {
        from: { network: 'base', token: null },
        to: { network: 'base', token: USDC_ADDRESSES.base },
        amount,
        quoteFloor: { sellRaw: ETH.toString(), receiveRaw: '1' },
      },
    });
    expect(await refusal(prepare(swap('1')))).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    await expect(prepare(swap('0.9'))).resolves.toBeDefined();
  });

  it('names the field of every invalid asset, amount and recipient', async () => {
    const { prepare } = await fundedWorld();
    const at = (field: string) => `operation.swapIntent.${field}`;
    expect(
      await refusedPaths(
        prepare(usdcToEth('1', { from: { network: 'ethereum', token: USDC_ADDRESSES.base } })),
      ),
    ).toEqual([at('from.token')]);
    expect(
      await refusedPaths(prepare(usdcToEth('1', { from: { network: 'optimism', token: null } }))),
    ).toEqual([at('from.network')]);
    expect(await refusedPaths(prepare(usdcToEth('1', { from: { network: 'solana', token: null } })))).toEqual(
      [at('from.network')],
    );
    expect(await refusedPaths(prepare(usdcToEth('1', { to: { network: 'perps', token: null } })))).toEqual([
      at('to.token'),
    ]);
    expect(
      await refusedPaths(prepare(usdcToEth('1', { to: { network: 'ethereum', token: usdcEth } }))),
    ).toEqual([at('to')]);
    expect(await refusedPaths(prepare(usdcToEth('1.0000001')))).toEqual([at('amount')]);
    await expect(prepare(usdcToEth('1.0000000'))).resolves.toBeDefined();
  });

  it('delivers only to an active wallet of the caller, of the destination family', async () => {
    const { prepare } = await fundedWorld();
    const path = ['operation.swapIntent.toWalletId'];
    for (const toWalletId of [9, 4, 2, 1])
      expect(await refusedPaths(prepare(usdcToEth('1', { toWalletId })))).toEqual(path);
    expect(await refusal(prepare(usdcToEth('1', { toWalletId: 1 })))).toMatchObject({
      fields: [{ path: path[0], message: 'is the paying wallet 1 itself; leave it out to receive in it' }],
    });
    expect(await refusedPaths(prepare(usdcToEth('1', { to: { network: 'solana', token: null } })))).toEqual(
      path,
    );
    await expect(prepare(usdcToEth('1', { toWalletId: 3 }))).resolves.toMatchObject({
      review: { recipient: { walletId: 3 } },
    });
  });

  it('refuses with PRICE_UNAVAILABLE when a side of the swap has no live USD price', async () => {
    const { sandbox, prepare, context, wallets } = await fundedWorld();
    await sandbox.expirePrice({ network: 'ethereum', token: null });
    expect(await refusal(prepare(usdcToEth('1')))).toMatchObject({ status: 400, code: 'PRICE_UNAVAILABLE' });

    const missing: PriceReader = {
      price: () => Promise.reject(new Error('unused')),
      prices: async (assets) =>
        assets.map((asset) => ({ ok: false, asset, reason: 'missing', expiredAt: null })),
    };
    const { ports } = context(wallets.evm);
    const refused = prepareShapeA(usdcToEth('1'), {
      ...context(wallets.evm),
      ports: { ...ports, prices: missing },
    });
    expect(await refusal(refused)).toMatchObject({ status: 400, code: 'PRICE_UNAVAILABLE' });
  });

  it('reports a quote source that does not answer as 503, and an unquotable pair as 400', async () => {
    const { sandbox, prepare } = await fundedWorld();
    await sandbox.injectFault({ target: 'quote', mode: 'fail', count: 1 });
    expect(await refusal(prepare(usdcToEth('1')))).toEqual({
      status: 503,
      code: 'QUOTE_UNAVAILABLE',
      fields: undefined,
    });
    // One wei of ETH buys no unit of USDC: nothing to quote.
    const oneWei = usdcToEth('0.000000000000000001', {
      from: { network: 'ethereum', token: null },
      to: { network: 'ethereum', token: usdcEth },
      quoteFloor: { sellRaw: '1000000000000000000', receiveRaw: '1' },
    });
    expect(await refusal(prepare(oneWei))).toEqual({
      status: 400,
      code: 'QUOTE_FAILED',
      fields: undefined,
    });
    // An outcome share is no token to swap to: its field says so (only prediction orders buy it).
    const share = outcomeTokenId(MARKET_SPECS[0].id, 'Yes');
    const toShares = usdcToEth('1', { to: { network: 'polygon', token: share }, toWalletId: 3 });
    expect(await refusedPaths(prepare(toShares))).toEqual(['operation.swapIntent.to.token']);
  });
});
