import { newSolanaAddress } from '@vetted/kernel';
import { GAS_PRICE_WEI, GAS_UNITS, USDC_ADDRESSES } from '@vetted/sandbox';
import type { CapturedAction, SwapGuard } from '../domain/actions';
import { executeLeg } from './execute-leg';
import { reconcileLeg } from './reconcile-leg';
import { ETH, USDC, evm, executionSandbox, legId } from './testing/execution-sandbox';

const open = executionSandbox();
const usdcBase = USDC_ADDRESSES.base;
const deadline = { deadlineMs: 30_000 };

async function funded(options: { blockTimeSeconds?: number } = {}) {
  const world = open(options);
  const [alice, bob] = [evm(), evm()];
  await world.sandbox.faucet('base', alice, null, 10n * ETH);
  await world.sandbox.faucet('base', alice, usdcBase, 100n * USDC);
  const usdcOf = (address: string) => world.sandbox.chain.balance('base', address, usdcBase);
  const ethOf = (address: string) => world.sandbox.chain.balance('base', address, null);
  return { ...world, alice, bob, usdcOf, ethOf };
}

const transfer = (from: string, to: string, amountRaw: bigint): CapturedAction => ({
  kind: 'chain',
  tx: { kind: 'transfer', network: 'base', from, to, token: usdcBase, amountRaw: amountRaw.toString() },
});

/** ETH → USDC on base, pinned at `minOutRaw`, with the user's floor of `receiveRaw` USDC per ETH. */
const ethToUsdc = (
  from: string,
  amountInRaw: bigint,
  minOutRaw: bigint,
  receiveRaw: bigint,
): CapturedAction => {
  const swap: SwapGuard = {
    quotedOutRaw: minOutRaw.toString(),
    floor: { sellRaw: ETH.toString(), receiveRaw: receiveRaw.toString() },
  };
  return {
    kind: 'chain',
    tx: {
      kind: 'swap',
      network: 'base',
      from,
      tokenIn: null,
      assetOut: { network: 'base', token: usdcBase },
      amountInRaw: amountInRaw.toString(),
      minAmountOutRaw: minOutRaw.toString(),
    },
    swap,
  };
};

describe('executeLeg on chain', () => {
  it('settles a transfer with its receipt, raw amounts as strings', async () => {
    const { ports, alice, bob, usdcOf } = await funded();
    const outcome = await executeLeg(transfer(alice, bob, 5n * USDC), legId(), ports, deadline);
    expect(outcome).toEqual({
      kind: 'settled',
      receipt: {
        hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
        network: 'base',
        status: 'success',
        blockNumber: expect.any(Number),
        feeRaw: (GAS_UNITS.tokenTransfer * GAS_PRICE_WEI.base).toString(),
        transfers: [
          { network: 'base', token: usdcBase, from: alice, to: bob, amountRaw: '5000000', purpose: 'value' },
          expect.objectContaining({ token: null, from: alice, purpose: 'fee' }),
        ],
      },
    });
    expect(await usdcOf(bob)).toBe(5n * USDC);
  });

  it('moves money once when the same submission id is executed twice', async () => {
    const { ports, alice, bob, usdcOf, ethOf } = await funded();
    const [action, id] = [transfer(alice, bob, 7n * USDC), legId()];
    const first = await executeLeg(action, id, ports, deadline);
    const ethAfterFirst = await ethOf(alice);
    const second = await executeLeg(action, id, ports, deadline);
    expect(second).toEqual(first);
    expect(await usdcOf(bob)).toBe(7n * USDC);
    expect(await usdcOf(alice)).toBe(93n * USDC);
    expect(await ethOf(alice)).toBe(ethAfterFirst);
    expect(await reconcileLeg(action, id, ports)).toEqual(first);
  });

  it('fails a swap whose fresh quote is below the floor before effect, submitting nothing', async () => {
    const { sandbox, ports, alice, usdcOf, ethOf } = await funded();
    const quote = await ports.quoter.quote({
      from: { network: 'base', token: null },
      to: { network: 'base', token: usdcBase },
      amountInRaw: ETH,
    });
    const ethBefore = await ethOf(alice);
    const id = legId();
    const action = ethToUsdc(alice, ETH, quote.amountOutRaw, quote.amountOutRaw + 1n);
    const outcome = await executeLeg(action, id, ports, deadline);
    expect(outcome).toEqual({
      kind: 'failed',
      code: 'QUOTE_BELOW_FLOOR',
      error: expect.stringMatching(/below the floor.*; the swap was not submitted$/),
      effect: 'none',
    });
    expect(await sandbox.chain.receiptBySubmission(id)).toBeNull();
    expect(await ethOf(alice)).toBe(ethBefore);
    expect(await usdcOf(alice)).toBe(100n * USDC);
  });

  it('fails before effect when no fresh quote can be had to check the floor', async () => {
    const { sandbox, ports, alice } = await funded();
    await sandbox.injectFault({ target: 'quote', mode: 'fail', count: 1 });
    const id = legId();
    const outcome = await executeLeg(ethToUsdc(alice, ETH, 1n, 1n), id, ports, deadline);
    expect(outcome).toEqual({
      kind: 'failed',
      code: 'QUOTE_UNAVAILABLE',
      error: expect.stringMatching(
        /^no fresh quote to check the floor against: .*; the swap was not submitted$/,
      ),
      effect: 'none',
    });
    expect(await sandbox.chain.receiptBySubmission(id)).toBeNull();
  });

  it('lets the chain revert a swap whose pinned minimum is no longer met, charging gas only', async () => {
    const { sandbox, ports, alice, bob, usdcOf, ethOf } = await funded();
    const quote = await ports.quoter.quote({
      from: { network: 'base', token: null },
      to: { network: 'base', token: usdcBase },
      amountInRaw: ETH,
    });
    // Someone else sells ETH into the pool between review and execution: still above the floor, below the pin.
    await sandbox.faucet('base', bob, null, 60n * ETH);
    await executeLeg(ethToUsdc(bob, 50n * ETH, 1n, 1n), legId(), ports, deadline);
    const ethBefore = await ethOf(alice);
    const action = ethToUsdc(alice, ETH, quote.amountOutRaw, (quote.amountOutRaw * 9n) / 10n);
    const outcome = await executeLeg(action, legId(), ports, deadline);
    const fee = GAS_UNITS.swap * GAS_PRICE_WEI.base;
    expect(outcome).toMatchObject({
      kind: 'settled',
      receipt: {
        status: 'reverted',
        feeRaw: fee.toString(),
        transfers: [expect.objectContaining({ purpose: 'fee', amountRaw: fee.toString() })],
        error: expect.stringMatching(/pinned minimum/),
      },
    });
    expect(await ethOf(alice)).toBe(ethBefore - fee);
    expect(await usdcOf(alice)).toBe(100n * USDC);
  });

  it('never judges a swap already on chain by a newer quote', async () => {
    const { ports, alice } = await funded();
    const quote = await ports.quoter.quote({
      from: { network: 'base', token: null },
      to: { network: 'base', token: usdcBase },
      amountInRaw: 5n * ETH,
    });
    // The floor is the quoted rate exactly: the swap itself moves the pool below it.
    const action = ethToUsdc(alice, 5n * ETH, quote.amountOutRaw, quote.amountOutRaw / 5n);
    const id = legId();
    const first = await executeLeg(action, id, ports, deadline);
    expect(first).toMatchObject({ kind: 'settled', receipt: { status: 'success' } });
    expect(await executeLeg(action, legId(), ports, deadline)).toMatchObject({ code: 'QUOTE_BELOW_FLOOR' });
    expect(await executeLeg(action, id, ports, deadline)).toEqual(first);
  });

  it('reports a transaction waiting for its block as pending, and reconciles it once mined', async () => {
    const { sandbox, ports, alice, bob, usdcOf } = await funded({ blockTimeSeconds: 2 });
    const [action, id] = [transfer(alice, bob, USDC), legId()];
    expect(await executeLeg(action, id, ports, deadline)).toEqual({
      kind: 'pending',
      submittedAt: expect.any(String),
    });
    expect(await reconcileLeg(action, id, ports)).toEqual({
      kind: 'pending',
      submittedAt: expect.any(String),
    });
    await sandbox.advanceClock(2);
    expect(await reconcileLeg(action, id, ports)).toMatchObject({
      kind: 'settled',
      receipt: { status: 'success', blockNumber: expect.any(Number) },
    });
    expect(await usdcOf(bob)).toBe(USDC);
  });

  it('fails a Solana transaction dropped for an expired blockhash before effect', async () => {
    const { sandbox, ports } = open({ blockTimeSeconds: 120 });
    const [payer, payee] = [newSolanaAddress(), newSolanaAddress()];
    await sandbox.faucet('solana', payer, null, 10n ** 9n);
    const { blockhash } = await ports.chain.recentBlockhash();
    const action: CapturedAction = {
      kind: 'chain',
      tx: {
        kind: 'transfer',
        network: 'solana',
        from: payer,
        to: payee,
        token: null,
        amountRaw: '1000',
        recentBlockhash: blockhash,
      },
    };
    const id = legId();
    expect(await executeLeg(action, id, ports, deadline)).toEqual({
      kind: 'pending',
      submittedAt: expect.any(String),
    });
    await sandbox.advanceClock(120);
    expect(await reconcileLeg(action, id, ports)).toEqual({
      kind: 'failed',
      code: 'BLOCKHASH_EXPIRED',
      error: expect.stringMatching(/dropped without executing/),
      effect: 'none',
    });
    expect(await sandbox.chain.balance('solana', payer, null)).toBe(10n ** 9n);
  });

  it('maps refusals with a code of their own', async () => {
    const { ports, alice, bob } = await funded();
    expect(await executeLeg(transfer(alice, bob, 101n * USDC), legId(), ports, deadline)).toEqual({
      kind: 'failed',
      code: 'INSUFFICIENT_FUNDS',
      error: expect.stringMatching(/insufficient_funds/),
      effect: 'none',
    });
  });

  it('fails with a possible effect when the id already holds another payload', async () => {
    const { ports, alice, bob, usdcOf } = await funded();
    const id = legId();
    await executeLeg(transfer(alice, bob, USDC), id, ports, deadline);
    expect(await executeLeg(transfer(alice, bob, 2n * USDC), id, ports, deadline)).toEqual({
      kind: 'failed',
      code: 'SUBMISSION_REJECTED',
      error: expect.stringMatching(/different payload.*earlier submission stands/),
      effect: 'possible',
    });
    expect(await usdcOf(bob)).toBe(USDC);
  });

  it('reconciles a submission the chain never saw to null', async () => {
    const { ports, alice, bob } = await funded();
    expect(await reconcileLeg(transfer(alice, bob, USDC), legId(), ports)).toBeNull();
  });
});
