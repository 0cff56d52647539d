import { newEvmAddress, newSolanaAddress } from '@vetted/kernel';
import {
  CATALOG_OUTCOMES,
  GAS_PRICE_WEI,
  GAS_UNITS,
  SOLANA_FEE_LAMPORTS,
  USDC_ADDRESSES,
} from '@vetted/sandbox';
import { ZERO_RECIPIENT } from './recipients';
import type { SendOperation } from './shape-a-request';
import { ETH, SOL, USDC, preparationSandbox, refusal, refusedPaths } from './testing/preparation-sandbox';

const open = preparationSandbox();
const usdcBase = USDC_ADDRESSES.base;

const send = (
  amount: string,
  to: SendOperation['sendIntent']['to'],
  token: SendOperation['sendIntent']['token'] = { network: 'base', token: usdcBase },
  walletId = 1,
): SendOperation => ({ kind: 'send', walletId, sendIntent: { token, amount, to } });

async function fundedWorld() {
  const world = open();
  await world.sandbox.faucet('base', world.wallets.evm.address, null, ETH);
  await world.sandbox.faucet('base', world.wallets.evm.address, usdcBase, 100n * USDC);
  return world;
}

describe('prepareShapeA: send', () => {
  it('transfers a token to an external address typed in lowercase, captured checksummed', async () => {
    const { sandbox, wallets, prepare, execute } = await fundedWorld();
    const payee = newEvmAddress();
    const prepared = await prepare(send('12.5', { address: payee.toLowerCase() }));
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
    expect(prepared.review).toEqual({
      kind: 'send',
      walletId: 1,
      summary: `Send 12.5 USDC on base to ${payee}`,
      amount: {
        network: 'base',
        token: usdcBase,
        symbol: 'USDC',
        decimals: 6,
        amountRaw: '12500000',
        amount: '12.5',
        usd: '12.50',
      },
      sendsMax: false,
      from: wallets.evm.address,
      to: { address: payee, walletId: null },
      networkFees: [
        {
          leg: 0,
          fee: expect.objectContaining({
            symbol: 'ETH',
            amountRaw: (GAS_UNITS.tokenTransfer * GAS_PRICE_WEI.base).toString(),
            usd: expect.any(String),
          }),
        },
      ],
      blockhashExpiresAt: null,
    });
    await execute(prepared.actions);
    expect(await sandbox.chain.balance('base', payee, usdcBase)).toBe(12_500_000n);
  });

  it('sends max of the native asset to another wallet of the caller, leaving exactly the fee', async () => {
    const { sandbox, wallets, prepare, execute } = open();
    await sandbox.faucet('arbitrum', wallets.evm.address, null, ETH);
    const fee = GAS_UNITS.nativeTransfer * GAS_PRICE_WEI.arbitrum;
    const prepared = await prepare(send('max', { walletId: 3 }, { network: 'arbitrum', token: null }));
    expect(prepared.actions).toEqual([
      {
        kind: 'chain',
        tx: {
          kind: 'transfer',
          network: 'arbitrum',
          from: wallets.evm.address,
          to: wallets.savings.address,
          token: null,
          amountRaw: (ETH - fee).toString(),
        },
      },
    ]);
    expect(prepared.review).toMatchObject({ sendsMax: true, to: { walletId: 3 } });
    await execute(prepared.actions);
    expect(await sandbox.chain.balance('arbitrum', wallets.evm.address, null)).toBe(0n);
    expect(await sandbox.chain.balance('arbitrum', wallets.savings.address, null)).toBe(ETH - fee);
  });

  it("shows the blockhash's deadline on the service's clock, whatever the chain's clock says", async () => {
    const { sandbox, clock, wallets, prepare } = open();
    await sandbox.faucet('solana', wallets.solana.address, null, SOL);
    // The chain's clock a minute ahead of the service's (as POST /v1/sandbox/clock moves it).
    await sandbox.advanceClock(60);
    const { expiresAt, validForMs } = await sandbox.chain.recentBlockhash();
    const prepared = await prepare(
      send('0.1', { address: newSolanaAddress() }, { network: 'solana', token: null }, 2),
    );
    const deadline = (prepared.review as { blockhashExpiresAt: string }).blockhashExpiresAt;
    expect(deadline).toBe(new Date(clock.now().getTime() + validForMs).toISOString());
    expect(Date.parse(expiresAt) - Date.parse(deadline)).toBe(60_000);
  });

  it('signs a Solana transfer with the current blockhash, and keeps the mint exactly', async () => {
    const { sandbox, wallets, prepare, execute } = open();
    await sandbox.faucet('solana', wallets.solana.address, null, SOL);
    await sandbox.faucet('solana', wallets.solana.address, USDC_ADDRESSES.solana, 10n * USDC);
    const payee = newSolanaAddress();
    const { blockhash, expiresAt } = await sandbox.chain.recentBlockhash();
    const token = { network: 'solana', token: USDC_ADDRESSES.solana };
    const prepared = await prepare(send('2', { address: payee }, token, 2));
    expect(prepared.actions).toEqual([
      {
        kind: 'chain',
        tx: {
          kind: 'transfer',
          network: 'solana',
          from: wallets.solana.address,
          recentBlockhash: blockhash,
          to: payee,
          token: USDC_ADDRESSES.solana,
          amountRaw: '2000000',
        },
      },
    ]);
    expect(prepared.review).toMatchObject({
      blockhashExpiresAt: expiresAt,
      networkFees: [{ fee: { symbol: 'SOL', amountRaw: SOLANA_FEE_LAMPORTS.toString() } }],
    });
    await execute(prepared.actions);
    expect(await sandbox.chain.balance('solana', payee, USDC_ADDRESSES.solana)).toBe(2n * USDC);

    const lowercaseMint = { network: 'solana', token: USDC_ADDRESSES.solana.toLowerCase() };
    expect(await refusedPaths(prepare(send('1', { address: payee }, lowercaseMint, 2)))).toEqual([
      'operation.sendIntent.token.token',
    ]);
  });

  it('moves only withdrawable margin on perps', async () => {
    const { sandbox, wallets, prepare } = open();
    // Nothing withdrawable: there is no network fee on the venue, so the refusal does not blame one.
    expect(
      (await refusal(prepare(send('max', { walletId: 3 }, { network: 'perps', token: 'USDC' })))).fields,
    ).toBeUndefined();
    await expect(prepare(send('max', { walletId: 3 }, { network: 'perps', token: 'USDC' }))).rejects.toThrow(
      'wallet 1 can withdraw 0 USDC on perps (open positions hold the rest as margin), nothing to send',
    );
    await sandbox.faucet('perps', wallets.evm.address, 'USDC', 100n * USDC);
    const usdcPerps = { network: 'perps', token: 'USDC' };
    await expect(prepare(send('100', { walletId: 3 }, usdcPerps))).resolves.toMatchObject({
      actions: [
        { tx: { network: 'perps', token: 'USDC', amountRaw: '100000000', to: wallets.savings.address } },
      ],
      review: { networkFees: [{ fee: { amountRaw: '0' } }] },
    });
    await sandbox.perps.placeOrder({
      submissionId: 'open',
      address: wallets.evm.address,
      coin: 'ETH',
      side: 'buy',
      size: '0.1',
      limitPx: '3100',
      reduceOnly: false,
      leverage: 5,
    });
    expect(await refusal(prepare(send('100', { walletId: 3 }, usdcPerps)))).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
    const { withdrawableRaw } = await sandbox.perps.account(wallets.evm.address);
    await expect(prepare(send('max', { walletId: 3 }, usdcPerps))).resolves.toMatchObject({
      actions: [{ tx: { amountRaw: withdrawableRaw.toString() } }],
    });
  });

  it('refuses a recipient address with a wrong checksum, or of another network', async () => {
    const { prepare } = await fundedWorld();
    const payee = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    const wrong = await refusal(prepare(send('1', { address: payee.replace('aAeb', 'AaeB') })));
    expect(wrong).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      fields: [
        { path: 'operation.sendIntent.to.address', message: expect.stringMatching(/EIP-55 checksum/) },
      ],
    });
    for (const address of [newSolanaAddress(), '0x1234', payee.slice(0, -1)])
      expect(await refusedPaths(prepare(send('1', { address })))).toEqual([
        'operation.sendIntent.to.address',
      ]);
  });

  it('refuses a token contract or mint and the System program as recipients: nothing sent there can be moved again', async () => {
    const { sandbox, wallets, prepare } = await fundedWorld();
    const sent = 'nothing sent there can ever be moved again';
    for (const token of [usdcBase, null])
      expect(
        await refusal(prepare(send('1', { address: usdcBase.toLowerCase() }, { network: 'base', token }))),
      ).toMatchObject({
        fields: [
          {
            path: 'operation.sendIntent.to.address',
            message: `is the USDC token contract on base: ${sent}`,
          },
        ],
      });
    await sandbox.faucet('solana', wallets.solana.address, null, SOL);
    const sol = { network: 'solana', token: null } as const;
    for (const [address, message] of [
      ['11111111111111111111111111111111', `is the System program's id: ${sent}`],
      [USDC_ADDRESSES.solana, `is the USDC mint on solana: ${sent}`],
    ])
      expect(await refusal(prepare(send('0.1', { address }, sol, wallets.solana.id)))).toMatchObject({
        fields: [{ path: 'operation.sendIntent.to.address', message }],
      });
  });

  it('refuses the zero address, for a token and for the native asset: nothing sent there can be moved again', async () => {
    const { prepare } = await fundedWorld();
    for (const token of [USDC_ADDRESSES.base, null])
      expect(
        await refusal(prepare(send('1', { address: `0x${'0'.repeat(40)}` }, { network: 'base', token }))),
      ).toEqual({
        status: 400,
        code: 'VALIDATION_FAILED',
        fields: [{ path: 'operation.sendIntent.to.address', message: ZERO_RECIPIENT }],
      });
  });

  it('delivers only to an active wallet of the caller that can hold the token, never back to the payer', async () => {
    const { wallets, prepare } = await fundedWorld();
    for (const walletId of [9, 4, 2, 1])
      expect(await refusedPaths(prepare(send('1', { walletId })))).toEqual([
        'operation.sendIntent.to.walletId',
      ]);
    // Its own address, and an archived wallet's address (the service moves nothing out of one).
    for (const address of [wallets.evm.address.toLowerCase(), wallets.archived.address])
      expect(await refusedPaths(prepare(send('1', { address })))).toEqual([
        'operation.sendIntent.to.address',
      ]);
    await expect(prepare(send('1', { address: wallets.savings.address }))).resolves.toMatchObject({
      review: { to: { walletId: 3 } },
    });
  });

  it('names the field of an unknown token, a network of another family, and too many decimals', async () => {
    const { prepare } = await fundedWorld();
    const to = { address: newEvmAddress() };
    const at = (field: string) => `operation.sendIntent.${field}`;
    const paths = (token: { network: string; token: string | null }, amount = '1') =>
      refusedPaths(prepare(send(amount, to, token)));
    expect(await paths({ network: 'base', token: USDC_ADDRESSES.ethereum })).toEqual([at('token.token')]);
    expect(await paths({ network: 'solana', token: null })).toEqual([at('token.network')]);
    expect(await paths({ network: 'base', token: usdcBase }, '1.0000001')).toEqual([at('amount')]);
    expect(await paths({ network: 'base', token: null }, '0.0000000000000000001')).toEqual([at('amount')]);
    // The directory describes the perp venue's spot coins, but they are holdings, not tokens to send.
    expect(await paths({ network: 'perps', token: 'DOGE' })).toEqual([at('token.token')]);
    // So are the prediction venue's outcome shares: on polygon a token is a contract address.
    const outcome = CATALOG_OUTCOMES[0].tokenId;
    expect(await refusal(prepare(send('1', to, { network: 'polygon', token: outcome })))).toMatchObject({
      fields: [{ path: at('token.token'), message: expect.stringContaining('token contract address') }],
    });
  });

  it('refuses an amount past what its network holds: a u64 of lamports on Solana, a uint256 on base', async () => {
    const { prepare } = open();
    const sol = { network: 'solana', token: null };
    const lamports = (raw: bigint) => `${raw / 10n ** 9n}.${(raw % 10n ** 9n).toString().padStart(9, '0')}`;
    const field = (bound: string) => [
      { path: 'operation.sendIntent.amount', message: expect.stringContaining(bound) },
    ];
    const onSolana = (raw: bigint) => prepare(send(lamports(raw), { address: newSolanaAddress() }, sol, 2));
    expect((await refusal(onSolana(1n << 64n))).fields).toEqual(field('2^64 - 1 raw units (a u64)'));
    // The largest a u64 holds is an amount; this wallet cannot fund it.
    expect(await refusal(onSolana((1n << 64n) - 1n))).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    const onBase = send('1' + '0'.repeat(60), { address: newEvmAddress() }, { network: 'base', token: null });
    expect((await refusal(prepare(onBase))).fields).toEqual(field('2^256 - 1 raw units (a uint256)'));
  });

  it('refuses what the wallet cannot fund, gas included', async () => {
    const { sandbox, wallets, prepare } = open();
    const to = { address: newEvmAddress() };
    const native = { network: 'base', token: null };
    expect(await refusal(prepare(send('max', to, native)))).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    await sandbox.faucet('base', wallets.evm.address, usdcBase, 10n * USDC);
    expect(await refusal(prepare(send('10', to)))).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    await sandbox.faucet('base', wallets.evm.address, null, ETH);
    expect(await refusal(prepare(send('10.000001', to)))).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await refusal(prepare(send('1', to, native)))).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    await expect(prepare(send('10', to))).resolves.toBeDefined();
  });

  it('needs a live price for what it sends, not for the fee', async () => {
    const { sandbox, prepare } = await fundedWorld();
    const to = { address: newEvmAddress() };
    await sandbox.expirePrice({ network: 'base', token: null });
    await expect(prepare(send('1', to))).resolves.toMatchObject({
      review: { amount: { usd: '1.00' }, networkFees: [{ fee: { usd: null } }] },
    });
    expect(await refusal(prepare(send('0.1', to, { network: 'base', token: null })))).toMatchObject({
      status: 400,
      code: 'PRICE_UNAVAILABLE',
    });
  });
});
