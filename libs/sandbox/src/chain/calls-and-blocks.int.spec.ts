import { isSolanaAddress } from '@vetted/kernel';
import { SYSTEM_PROGRAM, buildInstructionTransaction } from '@vetted/venues';
import { type SolanaSigner, newSolanaSigner, signedBy } from '@vetted/venues/solana/testing/solana-signer';
import type { Sandbox } from '../sandbox';
import { fundedOnEthereum, usdcTransfer } from '../testing/chain-fixture';
import { ETH, USDC, evm, id, sandboxFixture, sol } from '../testing/sandbox-fixture';
import { USDC_ADDRESSES } from '../tokens/token-registry';
import { GAS_PRICE_WEI, GAS_UNITS, SOLANA_FEE_LAMPORTS } from './gas-schedule';

const fixture = sandboxFixture();
const usdcEth = USDC_ADDRESSES.ethereum;
const funded = () => fundedOnEthereum(fixture);
const tokenTransferFee = GAS_UNITS.tokenTransfer * GAS_PRICE_WEI.ethereum;

/** A System program transfer instruction's data: its index (2) and the lamports. */
const transferData = (lamports: bigint) => {
  const data = new Uint8Array(12);
  const view = new DataView(data.buffer);
  view.setUint32(0, 2, true);
  view.setBigUint64(4, lamports, true);
  return data;
};

/** A System transfer of `lamports` out of `from` (a writable signer) to `to`. */
const transfer = (from: string, to: string, lamports: bigint, toWritable = true) => ({
  programAddress: SYSTEM_PROGRAM,
  accounts: [
    { address: from, isSigner: true, isWritable: true },
    { address: to, isSigner: false, isWritable: toWritable },
  ],
  data: transferData(lamports),
});

/** Submits one instruction paid by `payer`, signed by each of `signers` (the sandbox signs for the payer). */
function submitSolana(
  sandbox: Sandbox,
  payer: string,
  recentBlockhash: string,
  instruction: ReturnType<typeof transfer>,
  ...signers: SolanaSigner[]
) {
  const built = buildInstructionTransaction({ feePayer: payer, recentBlockhash, ...instruction });
  return sandbox.chain.submit({
    kind: 'solanaTransaction',
    submissionId: id(),
    network: 'solana',
    from: payer,
    recentBlockhash,
    transaction: signers.reduce(signedBy, built.transactionBase64),
  });
}

describe('SandboxChain EVM calls and Solana transactions', () => {
  it('moves the value of an EVM call and charges its intrinsic gas', async () => {
    const { sandbox, alice, bob } = await funded();
    const call = {
      kind: 'evmCall',
      submissionId: id(),
      network: 'ethereum',
      from: alice,
      to: bob,
      data: '0xa9059cbb00',
      valueRaw: 1000n,
      gasLimit: 100_000n,
    } as const;
    const receipt = await sandbox.chain.submit(call);
    const fee = (21_000n + 16n * 4n + 4n) * GAS_PRICE_WEI.ethereum;
    expect(receipt).toMatchObject({ status: 'success', gasFeeRaw: fee });
    expect(await sandbox.chain.balance('ethereum', bob, null)).toBe(1000n);
    await expect(
      sandbox.chain.submit({ ...call, submissionId: id(), gasLimit: 20_000n }),
    ).rejects.toMatchObject({
      reason: 'intrinsic_gas_too_low',
    });
    // A value the balance holds, but not with the gas: the refusal says the gas comes first.
    const balance = await sandbox.chain.balance('ethereum', alice, null);
    await expect(
      sandbox.chain.submit({ ...call, submissionId: id(), valueRaw: balance }),
    ).rejects.toMatchObject({
      reason: 'insufficient_funds',
      message: expect.stringMatching(/has \d+ after the \d+ gas fee, needs \d+/),
    });
  });

  it("runs a token contract's ERC-20 calls: transfer, approve, transferFrom; anything else reverts, charging gas", async () => {
    const { sandbox, alice, bob } = await funded();
    const word = (hex: string) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0');
    const call = (from: string, data: string, valueRaw = 0n) =>
      sandbox.chain.submit({
        kind: 'evmCall',
        submissionId: id(),
        network: 'ethereum',
        from,
        to: usdcEth,
        data,
        valueRaw,
        gasLimit: 100_000n,
      });
    const usdcOf = (holder: string) => sandbox.chain.balance('ethereum', holder, usdcEth);
    const moved = await call(alice, `0xa9059cbb${word(bob)}${word((5n * USDC).toString(16))}`);
    expect(moved.status).toBe('success');
    expect(moved.transfers).toContainEqual(
      expect.objectContaining({ token: usdcEth, from: alice, to: bob, amountRaw: 5n * USDC }),
    );
    expect(await usdcOf(bob)).toBe(5n * USDC);
    expect(await usdcOf(alice)).toBe(995n * USDC);
    // bob lets alice spend 3 of his; she moves 2 of them to herself, then 2 more is past the allowance.
    await sandbox.faucet('ethereum', bob, null, ETH);
    expect((await call(bob, `0x095ea7b3${word(alice)}${word((3n * USDC).toString(16))}`)).status).toBe(
      'success',
    );
    expect(await sandbox.chain.allowance('ethereum', usdcEth, bob, alice)).toBe(3n * USDC);
    const pull = () => call(alice, `0x23b872dd${word(bob)}${word(alice)}${word((2n * USDC).toString(16))}`);
    expect((await pull()).status).toBe('success');
    expect(await usdcOf(bob)).toBe(3n * USDC);
    expect(await sandbox.chain.allowance('ethereum', usdcEth, bob, alice)).toBe(USDC);
    // Reverts charge gas and move nothing else: past the allowance, past the balance, an unknown
    // function, native value sent to the token.
    const before = await sandbox.chain.balance('ethereum', alice, null);
    const reverted = [
      await pull(),
      await call(alice, `0xa9059cbb${word(bob)}${word((998n * USDC).toString(16))}`),
      await call(alice, `0x70a08231${word(alice)}`),
      await call(alice, `0xa9059cbb${word(bob)}${word('1')}`, 1n),
      await call(alice, `0xa9059cbb${word('0')}${word('1')}`),
    ];
    let fees = 0n;
    for (const receipt of reverted) {
      expect(receipt.status).toBe('reverted');
      expect(receipt.transfers.every((t) => t.purpose === 'fee')).toBe(true);
      fees += receipt.gasFeeRaw;
    }
    expect(await sandbox.chain.balance('ethereum', alice, null)).toBe(before - fees);
    expect(await usdcOf(alice)).toBe(997n * USDC);
    expect(await usdcOf(bob)).toBe(3n * USDC);
  });

  it('reverts, as typed legs too, a token transfer or approval to the zero address and native value sent to a token contract, charging gas', async () => {
    const { sandbox, alice } = await funded();
    const zero = `0x${'0'.repeat(40)}`;
    const before = await sandbox.chain.balance('ethereum', alice, null);
    const transfer = await sandbox.chain.submit(usdcTransfer(alice, zero, USDC));
    const approval = await sandbox.chain.submit({
      kind: 'approve',
      submissionId: id(),
      network: 'ethereum',
      from: alice,
      token: usdcEth,
      spender: zero,
      amountRaw: USDC,
    });
    const intoContract = await sandbox.chain.submit({
      kind: 'transfer',
      submissionId: id(),
      network: 'ethereum',
      from: alice,
      to: usdcEth,
      token: null,
      amountRaw: 1000n,
    });
    expect(intoContract).toMatchObject({
      status: 'reverted',
      error: 'the USDC contract takes no ethereum native value',
    });
    for (const receipt of [transfer, approval])
      expect(receipt).toMatchObject({
        status: 'reverted',
        error: expect.stringMatching(/to the zero address/),
      });
    for (const receipt of [transfer, approval, intoContract])
      expect(receipt.transfers.every((t) => t.purpose === 'fee')).toBe(true);
    expect(await sandbox.chain.balance('ethereum', usdcEth, null)).toBe(0n);
    expect(await sandbox.chain.balance('ethereum', zero, usdcEth)).toBe(0n);
    expect(await sandbox.chain.balance('ethereum', alice, usdcEth)).toBe(1000n * USDC);
    expect(await sandbox.chain.allowance('ethereum', usdcEth, alice, zero)).toBe(0n);
    expect(await sandbox.chain.balance('ethereum', alice, null)).toBe(
      before - transfer.gasFeeRaw - approval.gasFeeRaw - intoContract.gasFeeRaw,
    );
  });

  it('charges the Solana fee for a transaction with a recent blockhash, and rejects an expired one', async () => {
    const { sandbox, clock } = fixture.open();
    const [payer, to] = [sol(), sol()];
    await sandbox.faucet('solana', payer, null, 10n ** 9n);
    const { blockhash, expiresAt } = await sandbox.chain.recentBlockhash();
    const msLeft = new Date(expiresAt).getTime() - sandbox.now().getTime();
    expect(msLeft).toBeGreaterThan(60_000);
    expect(msLeft).toBeLessThanOrEqual(90_000);

    const transfer = {
      kind: 'transfer',
      network: 'solana',
      from: payer,
      to,
      token: null,
      amountRaw: 1000n,
      recentBlockhash: blockhash,
    } as const;
    const receipt = await sandbox.chain.submit({ ...transfer, submissionId: id() });
    expect(isSolanaAddress(receipt.hash)).toBe(false);
    expect(receipt.hash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/);
    expect(receipt.gasFeeRaw).toBe(SOLANA_FEE_LAMPORTS);
    expect(await sandbox.chain.receipt(receipt.hash)).toEqual(receipt);

    const program = {
      kind: 'solanaTransaction',
      network: 'solana',
      from: payer,
      transaction: 'AQID',
      recentBlockhash: blockhash,
    } as const;
    expect((await sandbox.chain.submit({ ...program, submissionId: id() })).transfers).toEqual([
      expect.objectContaining({ purpose: 'fee', amountRaw: SOLANA_FEE_LAMPORTS }),
    ]);

    expect(await sandbox.chain.blockhashValidForMs(blockhash)).toBe(msLeft);
    expect(await sandbox.chain.blockhashValidForMs(sol())).toBe(0);
    clock.advance(msLeft);
    expect(await sandbox.chain.blockhashValidForMs(blockhash)).toBe(0);
    await expect(sandbox.chain.submit({ ...transfer, submissionId: id() })).rejects.toMatchObject({
      reason: 'blockhash_expired',
    });
    const { recentBlockhash: _omitted, ...unsigned } = transfer;
    await expect(sandbox.chain.submit({ ...unsigned, submissionId: id() })).rejects.toMatchObject({
      reason: 'blockhash_missing',
    });
  });
});

describe('SandboxChain with a block time', () => {
  it("runs a Solana transaction's System program transfers out of the fee payer, all or none", async () => {
    const { sandbox } = fixture.open();
    const [payer, to, other] = [sol(), sol(), sol()];
    await sandbox.faucet('solana', payer, null, 10n ** 9n);
    const { blockhash } = await sandbox.chain.recentBlockhash();
    const submit = (lamports: bigint, from = payer, toWritable = true, recipient = to) =>
      submitSolana(sandbox, payer, blockhash, transfer(from, recipient, lamports, toWritable));
    const sent = await submit(10n ** 8n);
    expect(sent.status).toBe('success');
    expect(sent.transfers).toContainEqual(expect.objectContaining({ from: payer, to, amountRaw: 10n ** 8n }));
    expect(await sandbox.chain.balance('solana', to, null)).toBe(10n ** 8n);
    // More than is left after the fee: the transaction fails, charging the fee, moving nothing else.
    // ... or into an account the transaction declares read-only, whose lamports cannot change, or
    // into the System program it calls, which is read-only whatever the flags say.
    for (const receipt of [
      await submit(9n * 10n ** 8n),
      await submit(1n, payer, false),
      await submit(1n, payer, true, SYSTEM_PROGRAM),
    ]) {
      expect(receipt.status).toBe('reverted');
      expect(receipt.transfers).toEqual([expect.objectContaining({ purpose: 'fee' })]);
    }
    // Out of an account that has not signed the bytes: Solana refuses them before anything runs.
    await expect(submit(1n, other)).rejects.toMatchObject({
      reason: 'invalid_request',
      message: `signature verification failed: ${other} has not signed this transaction`,
    });
    expect(await sandbox.chain.balance('solana', to, null)).toBe(10n ** 8n);
    expect(await sandbox.chain.balance('solana', payer, null)).toBe(
      9n * 10n ** 8n - 4n * SOLANA_FEE_LAMPORTS,
    );
  });

  it('runs a transfer out of another account that signed the bytes, within what that account holds', async () => {
    const { sandbox } = fixture.open();
    const [payer, to] = [sol(), sol()];
    const cosigner = newSolanaSigner();
    await sandbox.faucet('solana', payer, null, 10n ** 9n);
    await sandbox.faucet('solana', cosigner.address, null, 10n ** 6n);
    const { blockhash } = await sandbox.chain.recentBlockhash();
    const signed = (lamports: bigint) =>
      submitSolana(sandbox, payer, blockhash, transfer(cosigner.address, to, lamports), cosigner);
    const sent = await signed(4n * 10n ** 5n);
    expect(sent.status).toBe('success');
    expect(sent.transfers).toContainEqual(
      expect.objectContaining({ from: cosigner.address, to, amountRaw: 4n * 10n ** 5n }),
    );
    // The fee is the fee payer's; the co-signer's lamports bound its own transfer.
    const short = await signed(7n * 10n ** 5n);
    expect(short.status).toBe('reverted');
    expect(short.transfers).toEqual([expect.objectContaining({ purpose: 'fee', from: payer })]);
    expect(await sandbox.chain.balance('solana', cosigner.address, null)).toBe(6n * 10n ** 5n);
    expect(await sandbox.chain.balance('solana', to, null)).toBe(4n * 10n ** 5n);
    expect(await sandbox.chain.balance('solana', payer, null)).toBe(10n ** 9n - 2n * SOLANA_FEE_LAMPORTS);
  });

  it('lands the same Solana transaction bytes once: another submission of them is refused until one is dropped', async () => {
    const { sandbox, clock, file } = fixture.open({ blockTimeSeconds: 2 });
    const [payer, to] = [sol(), sol()];
    // Two fees: the transfer below takes both, so the transaction after it cannot pay its own.
    await sandbox.faucet('solana', payer, null, 2n * SOLANA_FEE_LAMPORTS);
    const { blockhash } = await sandbox.chain.recentBlockhash();
    const bytes = buildInstructionTransaction({
      feePayer: payer,
      programAddress: SYSTEM_PROGRAM,
      accounts: [
        { address: payer, isSigner: true, isWritable: true },
        { address: to, isSigner: false, isWritable: true },
      ],
      data: transferData(1n),
      recentBlockhash: blockhash,
    }).transactionBase64;
    const tx = (submissionId: string) =>
      ({
        kind: 'solanaTransaction',
        submissionId,
        network: 'solana',
        from: payer,
        recentBlockhash: blockhash,
        transaction: bytes,
      }) as const;

    await sandbox.chain.submit({
      kind: 'transfer',
      submissionId: id(),
      network: 'solana',
      from: payer,
      to: sol(),
      token: null,
      amountRaw: SOLANA_FEE_LAMPORTS,
      recentBlockhash: blockhash,
    });
    const first = await sandbox.chain.submit(tx('first'));
    expect(first.status).toBe('pending');
    // Pending, the same bytes are the same transaction.
    await expect(sandbox.chain.submit(tx('second'))).rejects.toMatchObject({
      reason: 'already_processed',
      message: `this transaction has already been processed: it is ${first.hash}`,
      submissionId: 'second',
    });
    await sandbox.advanceClock(2);
    expect(await sandbox.chain.receipt(first.hash)).toMatchObject({ status: 'dropped' });

    // Dropped, it never ran: the bytes may come again, and land once.
    await sandbox.faucet('solana', payer, null, 10n ** 9n);
    const again = await sandbox.chain.submit(tx('again'));
    await sandbox.advanceClock(2);
    expect(await sandbox.chain.receipt(again.hash)).toMatchObject({ status: 'success' });
    for (const submissionId of ['second', 'third'])
      await expect(sandbox.chain.submit(tx(submissionId))).rejects.toMatchObject({
        reason: 'already_processed',
        message: `this transaction has already been processed: it is ${again.hash}`,
      });
    // Its own submission id still answers with it.
    expect((await sandbox.chain.submit(tx('again'))).hash).toBe(again.hash);
    expect(await sandbox.chain.balance('solana', to, null)).toBe(1n);
    // The world remembers it when it opens its file again.
    const reopened = await fixture.reopen(sandbox, file, { clock, blockTimeSeconds: 2 });
    await expect(reopened.chain.submit(tx('after a restart'))).rejects.toMatchObject({
      reason: 'already_processed',
    });
  });

  it('keeps a transaction pending until sandbox time reaches its block', async () => {
    const { sandbox } = fixture.open({ blockTimeSeconds: 2 });
    const [alice, bob] = [evm(), evm()];
    await sandbox.faucet('ethereum', alice, null, ETH);
    await sandbox.faucet('ethereum', alice, usdcEth, 10n * USDC);
    const pending = await sandbox.chain.submit(usdcTransfer(alice, bob, USDC));
    expect(pending).toMatchObject({ status: 'pending', blockNumber: null, transfers: [], gasFeeRaw: 0n });
    expect(await sandbox.chain.balance('ethereum', bob, usdcEth)).toBe(0n);

    await sandbox.advanceClock(2);
    const settled = await sandbox.chain.receipt(pending.hash);
    expect(settled).toMatchObject({ status: 'success', blockNumber: expect.any(Number) });
    expect(await sandbox.chain.balance('ethereum', bob, usdcEth)).toBe(USDC);
  });

  it('reverts a pending transaction whose funds left before its block, and drops one that cannot pay gas', async () => {
    const { sandbox } = fixture.open({ blockTimeSeconds: 2 });
    const [alice, bob] = [evm(), evm()];
    await sandbox.faucet('ethereum', alice, null, 2n * tokenTransferFee);
    await sandbox.faucet('ethereum', alice, usdcEth, 10n * USDC);
    const submitted = [
      await sandbox.chain.submit(usdcTransfer(alice, bob, 10n * USDC)),
      await sandbox.chain.submit(usdcTransfer(alice, bob, 10n * USDC)),
      await sandbox.chain.submit(usdcTransfer(alice, bob, USDC)),
    ];
    await sandbox.advanceClock(2);

    const [first, second, third] = await Promise.all(
      submitted.map(async (r) => (await sandbox.chain.receipt(r.hash))!),
    );
    expect([first.status, second.status, third.status]).toEqual(['success', 'reverted', 'dropped']);
    expect(second.error).toMatch(/has 0, needs/);
    expect(second.gasFeeRaw).toBe(tokenTransferFee);
    expect(third).toMatchObject({ blockNumber: null, gasFeeRaw: 0n, transfers: [] });
    expect(first.blockNumber).toBe(second.blockNumber);
    expect(await sandbox.chain.balance('ethereum', bob, usdcEth)).toBe(10n * USDC);
  });
});
