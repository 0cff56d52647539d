import { ManualClock } from '@vetted/kernel';
import { SubmissionTimeout, type TxReceipt } from '@vetted/venues';
import type { Sandbox } from '../sandbox';
import { fundedOnEthereum, usdcTransfer } from '../testing/chain-fixture';
import { USDC, evm, id, sandboxFixture } from '../testing/sandbox-fixture';
import { USDC_ADDRESSES } from '../tokens/token-registry';

const fixture = sandboxFixture();
const usdcEth = USDC_ADDRESSES.ethereum;
const bobsUsdc = (snapshot: { balances: { token: string | null; amountRaw: bigint }[] }): bigint =>
  snapshot.balances.find((b) => b.token === usdcEth)?.amountRaw ?? 0n;

/** A venue order for 0.1 ETH, filled at once (within the current block time); its receipt. */
async function spotBuy(sandbox: Sandbox, address: string): Promise<TxReceipt> {
  const order = await sandbox.perps.placeSpotOrder({
    submissionId: id(),
    address,
    coin: 'ETH',
    side: 'buy',
    size: '0.1',
    limitPx: '3100',
  });
  return (await sandbox.chain.receiptBySubmission(order.submissionId))!;
}

/** Block time 3 s, the world opened 1 s past a boundary (boundaries are multiples of the block time). */
async function fundedMidBlock(): Promise<{ sandbox: Sandbox; alice: string; bob: string }> {
  const clock = new ManualClock('2026-11-21T10:00:01.000Z');
  const { sandbox } = fixture.open({ blockTimeSeconds: 3, clock });
  const [alice, bob] = [evm(), evm()];
  await sandbox.faucet('ethereum', alice, null, 10n ** 18n);
  await sandbox.faucet('ethereum', alice, usdcEth, 10n * USDC);
  return { sandbox, alice, bob };
}

/** Two transfers, each landing at the boundary after it: the second sent `untilNext` s later, past the first's. */
async function twoLandingsABlockApart(
  sandbox: Sandbox,
  alice: string,
  bob: string,
  untilNext: number,
): Promise<TxReceipt[]> {
  const first = await sandbox.chain.submit(usdcTransfer(alice, bob, USDC));
  await sandbox.advanceClock(untilNext);
  const second = await sandbox.chain.submit(usdcTransfer(alice, bob, USDC));
  await sandbox.advanceClock(3);
  return Promise.all([first, second].map(async (r) => (await sandbox.chain.receipt(r.hash))!));
}

/**
 * A balance read reports the height it read at: every transaction it sees is in a block at or
 * below it, every transaction landing after it in a block above it, so the service can order its
 * own receipts against what an observation saw.
 */
describe('SandboxChain read heights', () => {
  it('block time 0: a late landing goes above every height read before it, and stays so after a reopen', async () => {
    const { sandbox: opened, alice, bob, file } = await fundedOnEthereum(fixture);
    const before = await opened.chain.balances('ethereum', bob);
    expect(before).toMatchObject({ network: 'ethereum', blockNumber: expect.any(Number) });

    // A lands 12 s of sandbox time after its submission; B, submitted after it, at once.
    await opened.injectFault({ target: 'submission', mode: 'timeout', count: 1, landAfterSeconds: 12 });
    const late = usdcTransfer(alice, bob, USDC);
    expect(await opened.chain.submit(late).catch((e: unknown) => e)).toBeInstanceOf(SubmissionTimeout);
    const prompt = await opened.chain.submit(usdcTransfer(alice, bob, 2n * USDC));
    expect(prompt.blockNumber!).toBeGreaterThan(before.blockNumber);
    const seenPrompt = await opened.chain.balances('ethereum', bob);
    expect(bobsUsdc(seenPrompt)).toBe(2n * USDC);
    expect(seenPrompt.blockNumber).toBeGreaterThanOrEqual(prompt.blockNumber!);

    await opened.advanceClock(12);
    const seenLate = await opened.chain.balances('ethereum', bob);
    expect(bobsUsdc(seenLate)).toBe(3n * USDC);
    const landed = (await opened.chain.receiptBySubmission(late.submissionId))!;
    expect(landed.status).toBe('success');
    expect(landed.blockNumber!).toBeGreaterThan(seenPrompt.blockNumber);
    expect(landed.blockNumber!).toBeLessThanOrEqual(seenLate.blockNumber);

    // The next world on the same file continues above the heights already read.
    const sandbox = await fixture.reopen(opened, file);
    const next = await sandbox.chain.submit(usdcTransfer(alice, bob, USDC, id()));
    expect(next.blockNumber!).toBeGreaterThan(seenLate.blockNumber);
    expect((await sandbox.chain.balances('ethereum', bob)).blockNumber).toBeGreaterThanOrEqual(
      next.blockNumber!,
    );
  });

  it('block time 0: every transaction gets a block of its own, a late one and those after it too', async () => {
    const { sandbox, alice, bob } = await fundedOnEthereum(fixture);
    await sandbox.injectFault({ target: 'submission', mode: 'timeout', count: 1, landAfterSeconds: 12 });
    const late = usdcTransfer(alice, bob, USDC);
    expect(await sandbox.chain.submit(late).catch((e: unknown) => e)).toBeInstanceOf(SubmissionTimeout);
    const before = await sandbox.chain.submit(usdcTransfer(alice, bob, USDC));
    await sandbox.advanceClock(12);
    // No read between them; the next one lands in the same instant as the late one.
    const after = await sandbox.chain.submit(usdcTransfer(alice, bob, USDC));
    const landed = (await sandbox.chain.receiptBySubmission(late.submissionId))!;
    expect(landed.status).toBe('success');
    const blocks = [before.blockNumber!, landed.blockNumber!, after.blockNumber!];
    expect(new Set(blocks).size).toBe(3);
    expect([...blocks].sort((x, y) => x - y)).toEqual(blocks);
  });

  it('block time 2 s: a height read before a reopen stays closed to what lands after it', async () => {
    const { sandbox: opened, clock, file } = fixture.open({ blockTimeSeconds: 2 });
    const address = evm();
    await opened.faucet('perps', address, 'USDC', 1000n * USDC);
    await opened.advanceClock(2);
    // The read reports the block of its time, above every block landed so far.
    const read = await opened.chain.balances('perps', address);
    const sandbox = await fixture.reopen(opened, file, { blockTimeSeconds: 2, clock });
    // A venue order fills at once, within the same block time as the read.
    const receipt = await spotBuy(sandbox, address);
    expect(receipt.blockNumber!).toBeGreaterThan(read.blockNumber);
  });

  it('block time 3 s, a world opened between boundaries: a read between two boundaries shares no block number', async () => {
    // The world opens 1 s past a boundary (boundaries are multiples of the block time).
    const { sandbox, alice, bob } = await fundedMidBlock();
    await sandbox.advanceClock(4.5); // 10:00:05.5, half a block before the boundary at :06
    const read = await sandbox.chain.balances('ethereum', bob);
    const [a, b] = await twoLandingsABlockApart(sandbox, alice, bob, 1); // at :06 and :09
    expect(a.blockNumber!).toBeGreaterThan(read.blockNumber);
    // One block per boundary: the next boundary's block is the next number.
    expect(b.blockNumber).toBe(a.blockNumber! + 1);
  });

  it('block time 3 s: after a landing mid-block and a read, two landings a block time apart share no block number', async () => {
    // Deposits land at once, in the middle of a block time; a read then reports their block.
    const { sandbox, alice, bob } = await fundedMidBlock();
    await sandbox.advanceClock(0.5);
    const read = await sandbox.chain.balances('ethereum', alice);
    const [a, b] = await twoLandingsABlockApart(sandbox, alice, bob, 2); // at :03 and :06
    expect(a.blockNumber!).toBeGreaterThan(read.blockNumber);
    expect(b.blockNumber!).toBeGreaterThan(a.blockNumber!);
  });

  it("a cross-chain delivery names the destination network's block, above that network's heights read before", async () => {
    const { sandbox, file } = fixture.open();
    const payer = evm();
    await sandbox.faucet('base', payer, null, 10n ** 18n);
    const usdcArb = USDC_ADDRESSES.arbitrum;
    const before = await sandbox.chain.balances('arbitrum', payer);
    const quote = await sandbox.quoter.quote({
      from: { network: 'base', token: null },
      to: { network: 'arbitrum', token: usdcArb },
      amountInRaw: 10n ** 17n,
    });
    const receipt = await sandbox.chain.submit({
      kind: 'swap',
      submissionId: id(),
      network: 'base',
      from: payer,
      tokenIn: null,
      assetOut: { network: 'arbitrum', token: usdcArb },
      amountInRaw: 10n ** 17n,
      minAmountOutRaw: quote.amountOutRaw,
    });
    const delivery = receipt.transfers.find((t) => t.network === 'arbitrum' && t.to === payer)!;
    expect(delivery.blockNumber!).toBeGreaterThan(before.blockNumber);
    expect(
      receipt.transfers.filter((t) => t.network === 'base').every((t) => t.blockNumber === undefined),
    ).toBe(true);
    const after = await sandbox.chain.balances('arbitrum', payer);
    expect(after.balances).toEqual([{ network: 'arbitrum', token: usdcArb, amountRaw: quote.amountOutRaw }]);
    expect(after.blockNumber).toBeGreaterThanOrEqual(delivery.blockNumber!);
    // The log keeps it: the receipt read back names the same block, and the next world on the
    // same file reads arbitrum at or above it.
    expect((await sandbox.chain.receipt(receipt.hash))!.transfers).toEqual(receipt.transfers);
    const reopened = await fixture.reopen(sandbox, file);
    expect((await reopened.chain.receipt(receipt.hash))!.transfers).toEqual(receipt.transfers);
    expect((await reopened.chain.balances('arbitrum', payer)).blockNumber).toBeGreaterThanOrEqual(
      after.blockNumber,
    );
  });

  it('block time 2 s: a venue order filled after a read, within the same block time, lands above its height', async () => {
    const { sandbox } = fixture.open({ blockTimeSeconds: 2 });
    const address = evm();
    await sandbox.faucet('perps', address, 'USDC', 1000n * USDC);
    const before = await sandbox.chain.balances('perps', address);
    expect(before.balances).toEqual([{ network: 'perps', token: 'USDC', amountRaw: 1000n * USDC }]);

    const receipt = await spotBuy(sandbox, address);
    expect(receipt.blockNumber!).toBeGreaterThan(before.blockNumber);
    const after = await sandbox.chain.balances('perps', address);
    expect(after.balances.map((b) => b.token)).toEqual(['USDC', 'ETH']);
    expect(after.blockNumber).toBeGreaterThanOrEqual(receipt.blockNumber!);

    // Two transfers settling at the next boundary, with no read between them, share a block.
    const [alice, bob] = [evm(), evm()];
    await sandbox.faucet('ethereum', alice, null, 10n ** 18n);
    await sandbox.faucet('ethereum', alice, usdcEth, 10n * USDC);
    const read = await sandbox.chain.balances('ethereum', bob);
    const pending = [
      await sandbox.chain.submit(usdcTransfer(alice, bob, USDC)),
      await sandbox.chain.submit(usdcTransfer(alice, bob, USDC)),
    ];
    await sandbox.advanceClock(2);
    const [first, second] = await Promise.all(
      pending.map(async (r) => (await sandbox.chain.receipt(r.hash))!),
    );
    expect(first.blockNumber).toBe(second.blockNumber);
    expect(first.blockNumber!).toBeGreaterThan(read.blockNumber);
  });
});
