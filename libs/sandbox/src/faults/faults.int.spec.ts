import {
  DepositWalletFailed,
  QuoteFailed,
  SubmissionRejected,
  SubmissionTimeout,
  SubmissionUncertain,
  type ChainTx,
} from '@vetted/venues';
import { ETH, USDC, evm, id, sandboxFixture } from '../testing/sandbox-fixture';
import { USDC_ADDRESSES } from '../tokens/token-registry';

const fixture = sandboxFixture();
const usdcBase = USDC_ADDRESSES.base;

async function funded(options = {}) {
  const opened = fixture.open(options);
  const [alice, bob] = [evm(), evm()];
  await opened.sandbox.faucet('base', alice, null, ETH);
  await opened.sandbox.faucet('base', alice, usdcBase, 100n * USDC);
  const transfer = (amountRaw = USDC): ChainTx => ({
    kind: 'transfer',
    submissionId: id(),
    network: 'base',
    from: alice,
    to: bob,
    token: usdcBase,
    amountRaw,
  });
  return { ...opened, alice, bob, transfer };
}

describe('injected submission faults', () => {
  it('reject: the submission throws and nothing happens; the next one goes through', async () => {
    const { sandbox, bob, transfer } = await funded();
    await sandbox.injectFault({ target: 'submission', mode: 'reject', count: 1 });
    const tx = transfer();
    const error = await sandbox.chain.submit(tx).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SubmissionRejected);
    expect(error).toMatchObject({ reason: 'injected_fault', submissionId: tx.submissionId });
    expect(await sandbox.chain.receiptBySubmission(tx.submissionId)).toBeNull();
    expect(await sandbox.chain.balance('base', bob, usdcBase)).toBe(0n);
    expect(sandbox.faults()).toEqual([]);
    expect((await sandbox.chain.submit(tx)).status).toBe('success');
  });

  it('is used up by a submission the chain refuses too, and never reaches the next one', async () => {
    const { sandbox, bob, transfer } = await funded();
    for (const mode of ['reject', 'uncertain', 'timeout'] as const) {
      await sandbox.injectFault({ target: 'submission', mode, count: 1 });
      // More USDC than alice holds: refused before effect, by the fault or by the chain.
      const refused = await sandbox.chain.submit(transfer(1000n * USDC)).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(SubmissionRejected);
      expect(sandbox.faults()).toEqual([]);
      // The next submission is not the fault's.
      expect((await sandbox.chain.submit(transfer())).status).toBe('success');
    }
    expect(await sandbox.chain.balance('base', bob, usdcBase)).toBe(3n * USDC);
  });

  it('uncertain: the submission throws, but the transaction lands and is found by its id', async () => {
    const { sandbox, bob, transfer } = await funded();
    await sandbox.injectFault({ target: 'submission', mode: 'uncertain', count: 1 });
    const tx = transfer();
    await expect(sandbox.chain.submit(tx)).rejects.toBeInstanceOf(SubmissionUncertain);
    const receipt = await sandbox.chain.receiptBySubmission(tx.submissionId);
    expect(receipt?.status).toBe('success');
    expect(await sandbox.chain.balance('base', bob, usdcBase)).toBe(USDC);
    // Resubmitting is safe: the record answers, value moved once.
    expect(await sandbox.chain.submit(tx)).toEqual(receipt);
    expect(await sandbox.chain.balance('base', bob, usdcBase)).toBe(USDC);
  });

  it('timeout: the submission throws at once and the transaction lands later in sandbox time', async () => {
    const { sandbox, bob, transfer } = await funded();
    await sandbox.injectFault({ target: 'submission', mode: 'timeout', count: 1, landAfterSeconds: 12 });
    const tx = transfer();
    const started = Date.now();
    const error = await sandbox.chain.submit(tx, { deadlineMs: 30_000 }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(error).toBeInstanceOf(SubmissionTimeout);
    expect(error).toMatchObject({ submissionId: tx.submissionId, deadlineMs: 30_000 });
    expect((await sandbox.chain.receiptBySubmission(tx.submissionId))?.status).toBe('pending');
    await sandbox.advanceClock(11);
    expect(await sandbox.chain.balance('base', bob, usdcBase)).toBe(0n);
    await sandbox.advanceClock(1);
    expect((await sandbox.chain.receiptBySubmission(tx.submissionId))?.status).toBe('success');
    expect(await sandbox.chain.balance('base', bob, usdcBase)).toBe(USDC);
  });

  it('counts: the next N new submissions misbehave; replays of known ids neither fail nor use a fault', async () => {
    const { sandbox, transfer } = await funded();
    const known = transfer();
    await sandbox.chain.submit(known);
    await sandbox.injectFault({ target: 'submission', mode: 'reject', count: 2 });
    await expect(sandbox.chain.submit(known)).resolves.toMatchObject({ status: 'success' });
    await expect(sandbox.chain.submit(transfer())).rejects.toBeInstanceOf(SubmissionRejected);
    expect(sandbox.faults()).toEqual([expect.objectContaining({ remaining: 1, mode: 'reject' })]);
    await expect(sandbox.chain.submit(transfer())).rejects.toBeInstanceOf(SubmissionRejected);
    await expect(sandbox.chain.submit(transfer())).resolves.toMatchObject({ status: 'success' });
  });

  it('applies to venue orders as well', async () => {
    const { sandbox } = fixture.open();
    const trader = evm();
    await sandbox.faucet('perps', trader, 'USDC', 1000n * USDC);
    await sandbox.injectFault({ target: 'submission', mode: 'uncertain', count: 1 });
    const order = {
      submissionId: id(),
      address: trader,
      coin: 'ETH',
      side: 'buy',
      size: '0.01',
      limitPx: '3100',
      reduceOnly: false,
    } as const;
    await expect(sandbox.perps.placeOrder(order)).rejects.toBeInstanceOf(SubmissionUncertain);
    expect((await sandbox.perps.order(order.submissionId))?.status).toBe('filled');
  });

  it('survives a restart', async () => {
    const { sandbox, file, transfer } = await funded();
    await sandbox.injectFault({ target: 'submission', mode: 'reject', count: 3 });
    await expect(sandbox.chain.submit(transfer())).rejects.toBeInstanceOf(SubmissionRejected);
    const reopened = await fixture.reopen(sandbox, file);
    expect(reopened.faults()).toEqual([expect.objectContaining({ remaining: 2 })]);
    await reopened.clearFaults();
    expect(reopened.faults()).toEqual([]);
  });
});

describe('injected quote and deposit-wallet faults', () => {
  it('fails the next quotes with QuoteFailed', async () => {
    const { sandbox } = fixture.open();
    await sandbox.injectFault({ target: 'quote', mode: 'fail', count: 1 });
    const request = {
      from: { network: 'base', token: null },
      to: { network: 'base', token: usdcBase },
      amountInRaw: ETH,
    } as const;
    await expect(sandbox.quoter.quote(request)).rejects.toMatchObject({ reason: 'unavailable' });
    await expect(sandbox.quoter.quote(request)).resolves.toMatchObject({ amountInRaw: ETH });
    await expect(sandbox.quoter.quote({ ...request, to: request.from })).rejects.toBeInstanceOf(QuoteFailed);
  });

  it('fails a deployment without deploying; the next attempt deploys', async () => {
    const { sandbox } = fixture.open();
    const controller = evm();
    await sandbox.injectFault({ target: 'depositWallet', mode: 'fail', count: 1 });
    await expect(sandbox.predict.deployDepositWallet(controller)).rejects.toBeInstanceOf(DepositWalletFailed);
    expect(await sandbox.predict.depositWallet(controller)).toBeNull();
    const wallet = await sandbox.predict.deployDepositWallet(controller);
    expect(wallet).toMatchObject({ venue: 'predict', controller });
  });

  it('refuses nonsense fault specifications', async () => {
    const { sandbox } = fixture.open();
    await expect(sandbox.injectFault({ target: 'submission', mode: 'reject', count: 0 })).rejects.toThrow(
      RangeError,
    );
    await expect(sandbox.injectFault({ target: 'nope' as 'quote', mode: 'fail', count: 1 })).rejects.toThrow(
      /target/,
    );
  });
});
