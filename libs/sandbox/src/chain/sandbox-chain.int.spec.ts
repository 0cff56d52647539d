import { SubmissionConflict, SubmissionRejected, type ChainTx } from '@vetted/venues';
import { fundedOnEthereum, usdcTransfer } from '../testing/chain-fixture';
import { ETH, USDC, evm, id, sandboxFixture, sol } from '../testing/sandbox-fixture';
import { USDC_ADDRESSES } from '../tokens/token-registry';
import { feeSink } from '../world/sandbox-accounts';
import { GAS_PRICE_WEI, GAS_UNITS } from './gas-schedule';

const fixture = sandboxFixture();
const usdcEth = USDC_ADDRESSES.ethereum;
const funded = () => fundedOnEthereum(fixture);
const tokenTransferFee = GAS_UNITS.tokenTransfer * GAS_PRICE_WEI.ethereum;

describe('SandboxChain transfers', () => {
  it('moves the tokens, charges native gas to the fee sink and records a receipt', async () => {
    const { sandbox, alice, bob } = await funded();
    const receipt = await sandbox.chain.submit(usdcTransfer(alice, bob, 1_500_000n));

    expect(receipt).toMatchObject({
      status: 'success',
      network: 'ethereum',
      from: alice,
      to: bob,
      error: null,
    });
    expect(receipt.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(receipt.blockNumber).toEqual(expect.any(Number));
    expect(receipt.gasFeeRaw).toBe(tokenTransferFee);
    expect(receipt.transfers).toEqual([
      { network: 'ethereum', token: usdcEth, from: alice, to: bob, amountRaw: 1_500_000n, purpose: 'value' },
      {
        network: 'ethereum',
        token: null,
        from: alice,
        to: feeSink('ethereum'),
        amountRaw: tokenTransferFee,
        purpose: 'fee',
      },
    ]);
    expect(await sandbox.chain.balance('ethereum', bob, usdcEth)).toBe(1_500_000n);
    expect(await sandbox.chain.balance('ethereum', alice, null)).toBe(ETH - tokenTransferFee);
    expect((await sandbox.chain.balances('ethereum', bob)).balances).toEqual([
      { network: 'ethereum', token: usdcEth, amountRaw: 1_500_000n },
    ]);
    expect(await sandbox.chain.receipt(receipt.hash)).toEqual(receipt);
  });

  it('shows the transaction on the explorer with symbols and exact amounts', async () => {
    const { sandbox, alice, bob } = await funded();
    const receipt = await sandbox.chain.submit(usdcTransfer(alice, bob, 1_500_000n));
    const page = await sandbox.transaction(receipt.hash);
    expect(page).toMatchObject({
      hash: receipt.hash,
      status: 'success',
      kind: 'transfer',
      from: alice,
      to: bob,
      nonce: 0,
    });
    expect(page!.transfers[0]).toMatchObject({ symbol: 'USDC', amount: '1.5', amountRaw: '1500000' });
    expect(page!.fee).toEqual({
      token: null,
      symbol: 'ETH',
      amountRaw: tokenTransferFee.toString(),
      amount: '0.000325',
    });
    expect(await sandbox.transaction('0x' + '0'.repeat(64))).toBeNull();
  });

  it('counts nonces per sender and network', async () => {
    const { sandbox, alice, bob } = await funded();
    const first = await sandbox.chain.submit(usdcTransfer(alice, bob, 1n));
    const second = await sandbox.chain.submit(usdcTransfer(alice, bob, 1n));
    expect([
      (await sandbox.transaction(first.hash))!.nonce,
      (await sandbox.transaction(second.hash))!.nonce,
    ]).toEqual([0, 1]);
    expect(second.blockNumber!).toBeGreaterThan(first.blockNumber!);
  });

  it('accepts a lowercase address and answers with its checksummed form; refuses a bad one', async () => {
    const { sandbox, alice, bob } = await funded();
    const receipt = await sandbox.chain.submit(usdcTransfer(alice.toLowerCase(), bob.toLowerCase(), 1n));
    expect(receipt.from).toBe(alice);
    await expect(sandbox.chain.submit(usdcTransfer(alice, '0x1234', 1n))).rejects.toMatchObject({
      reason: 'invalid_request',
    });
  });
});

describe('SandboxChain idempotent submission ids', () => {
  it('answers a repeated submission id with the same transaction and moves value once', async () => {
    const { sandbox, alice, bob } = await funded();
    const tx = usdcTransfer(alice, bob, 2_000_000n);
    const [first, again] = await Promise.all([sandbox.chain.submit(tx), sandbox.chain.submit(tx)]);
    const later = await sandbox.chain.submit({ ...tx });
    expect(again.hash).toBe(first.hash);
    expect(later).toEqual(first);
    expect(await sandbox.chain.balance('ethereum', bob, usdcEth)).toBe(2_000_000n);
    expect(await sandbox.chain.receiptBySubmission(tx.submissionId)).toEqual(first);
  });

  it('refuses the same id with a different payload and moves nothing', async () => {
    const { sandbox, alice, bob } = await funded();
    const tx = usdcTransfer(alice, bob, 2_000_000n);
    await sandbox.chain.submit(tx);
    await expect(sandbox.chain.submit({ ...tx, amountRaw: 3_000_000n })).rejects.toBeInstanceOf(
      SubmissionConflict,
    );
    expect(await sandbox.chain.balance('ethereum', bob, usdcEth)).toBe(2_000_000n);
  });
});

describe('SandboxChain rejections', () => {
  it('rejects a transfer the sender cannot fund, with nothing moved or recorded', async () => {
    const { sandbox, alice, bob } = await funded();
    const tx = usdcTransfer(alice, bob, 1001n * USDC);
    await expect(sandbox.chain.submit(tx)).rejects.toMatchObject({ reason: 'insufficient_funds' });
    expect(await sandbox.chain.balance('ethereum', alice, usdcEth)).toBe(1000n * USDC);
    expect(await sandbox.chain.balance('ethereum', alice, null)).toBe(ETH);
    expect(await sandbox.chain.receiptBySubmission(tx.submissionId)).toBeNull();
    // Nothing was recorded, so the id is still free.
    expect((await sandbox.chain.submit({ ...tx, amountRaw: 1n })).status).toBe('success');
  });

  it('rejects when the gas fee is unaffordable, and counts the fee in a native transfer', async () => {
    const { sandbox } = fixture.open();
    const [poor, bob] = [evm(), evm()];
    await sandbox.faucet('ethereum', poor, usdcEth, 10n * USDC);
    await expect(sandbox.chain.submit(usdcTransfer(poor, bob, USDC))).rejects.toMatchObject({
      reason: 'insufficient_gas',
    });
    const fee = GAS_UNITS.nativeTransfer * GAS_PRICE_WEI.ethereum;
    await sandbox.faucet('ethereum', poor, null, ETH);
    const all = { kind: 'transfer', network: 'ethereum', from: poor, to: bob, token: null } as const;
    await expect(sandbox.chain.submit({ ...all, submissionId: id(), amountRaw: ETH })).rejects.toMatchObject({
      reason: 'insufficient_funds',
    });
    await sandbox.chain.submit({ ...all, submissionId: id(), amountRaw: ETH - fee });
    expect(await sandbox.chain.balance('ethereum', poor, null)).toBe(0n);
    expect(await sandbox.chain.balance('ethereum', bob, null)).toBe(ETH - fee);
  });

  it('rejects unknown tokens and kinds that do not exist on the network', async () => {
    const { sandbox, alice, bob } = await funded();
    await expect(
      sandbox.chain.submit({ ...usdcTransfer(alice, bob, 1n), token: evm() }),
    ).rejects.toMatchObject({
      reason: 'unknown_token',
    });
    const approveOnSolana = {
      kind: 'approve',
      submissionId: id(),
      network: 'solana',
      from: sol(),
      token: 'x',
      spender: sol(),
      amountRaw: 1n,
    };
    await expect(sandbox.chain.submit(approveOnSolana as unknown as ChainTx)).rejects.toBeInstanceOf(
      SubmissionRejected,
    );
  });
});
