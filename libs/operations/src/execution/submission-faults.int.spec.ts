import { PUSD_POLYGON, USDC_ADDRESSES, outcomeTokenId } from '@vetted/sandbox';
import type { CapturedAction } from '../domain/actions';
import { executeLeg } from './execute-leg';
import { reconcileLeg } from './reconcile-leg';
import { ETH, USDC, evm, executionSandbox, legId } from './testing/execution-sandbox';

const open = executionSandbox();
const usdcBase = USDC_ADDRESSES.base;
const deadline = { deadlineMs: 30_000 };

async function funded() {
  const world = open();
  const [alice, bob] = [evm(), evm()];
  await world.sandbox.faucet('base', alice, null, ETH);
  await world.sandbox.faucet('base', alice, usdcBase, 100n * USDC);
  const action: CapturedAction = {
    kind: 'chain',
    tx: { kind: 'transfer', network: 'base', from: alice, to: bob, token: usdcBase, amountRaw: '1000000' },
  };
  const bobUsdc = () => world.sandbox.chain.balance('base', bob, usdcBase);
  return { ...world, action, bobUsdc };
}

describe('executeLeg under injected submission faults', () => {
  it.each(['reject', 'fail'] as const)(
    '%s: SUBMISSION_REJECTED before effect, nothing recorded',
    async (mode) => {
      const { sandbox, ports, action, bobUsdc } = await funded();
      await sandbox.injectFault({ target: 'submission', mode, count: 1 });
      const id = legId();
      expect(await executeLeg(action, id, ports, deadline)).toEqual({
        kind: 'failed',
        code: 'SUBMISSION_REJECTED',
        error: expect.stringMatching(/injected_fault/),
        effect: 'none',
      });
      expect(await reconcileLeg(action, id, ports)).toBeNull();
      expect(await bobUsdc()).toBe(0n);
    },
  );

  it('uncertain: SUBMISSION_UNCERTAIN with possible effect; reconcile finds the settled receipt', async () => {
    const { sandbox, ports, action, bobUsdc } = await funded();
    await sandbox.injectFault({ target: 'submission', mode: 'uncertain', count: 1 });
    const id = legId();
    expect(await executeLeg(action, id, ports, deadline)).toEqual({
      kind: 'failed',
      code: 'SUBMISSION_UNCERTAIN',
      // By its leg: the submission id holds the operation id, and the error may be public.
      error: expect.stringContaining(`the submission of leg ${id.split(':')[1]} is unknown`),
      effect: 'possible',
    });
    expect(await reconcileLeg(action, id, ports)).toMatchObject({
      kind: 'settled',
      receipt: { status: 'success' },
    });
    expect(await bobUsdc()).toBe(USDC);
  });

  it('timeout: LIFECYCLE_TIMEOUT with the deadline and provider detail; reconcile finds it once landed', async () => {
    const { sandbox, ports, action, bobUsdc } = await funded();
    await sandbox.injectFault({ target: 'submission', mode: 'timeout', count: 1, landAfterSeconds: 12 });
    const id = legId();
    const outcome = await executeLeg(action, id, ports, { deadlineMs: 5_000 });
    expect(outcome).toEqual({
      kind: 'failed',
      code: 'LIFECYCLE_TIMEOUT',
      error: expect.stringMatching(
        /not proven within 5000 ms.*Provider: the submission of leg \d+ .* may still land/,
      ),
      effect: 'possible',
    });
    expect(await reconcileLeg(action, id, ports)).toEqual({
      kind: 'pending',
      submittedAt: expect.any(String),
    });
    await sandbox.advanceClock(12);
    expect(await reconcileLeg(action, id, ports)).toMatchObject({
      kind: 'settled',
      receipt: { status: 'success' },
    });
    expect(await bobUsdc()).toBe(USDC);
  });

  it('a venue order that timed out is found by reconcile, filled', async () => {
    const { sandbox, ports } = open();
    const trader = evm();
    await sandbox.faucet('perps', trader, 'USDC', 1000n * USDC);
    await sandbox.injectFault({ target: 'submission', mode: 'timeout', count: 1 });
    const action: CapturedAction = {
      kind: 'perpOrder',
      order: { address: trader, coin: 'ETH', side: 'buy', size: '0.01', limitPx: '3100', reduceOnly: false },
    };
    const id = legId();
    expect(await executeLeg(action, id, ports, deadline)).toMatchObject({ code: 'LIFECYCLE_TIMEOUT' });
    expect(await reconcileLeg(action, id, ports)).toMatchObject({
      kind: 'settled',
      receipt: { network: 'perps', fill: { status: 'filled', filledSize: '0.01' } },
    });
  });

  it('an uncertain prediction buy is found by reconcile, and executing it again buys nothing more', async () => {
    const { sandbox, ports } = open();
    const bettor = evm();
    await sandbox.faucet('polygon', bettor, PUSD_POLYGON, 50n * USDC);
    await sandbox.injectFault({ target: 'submission', mode: 'uncertain', count: 1 });
    const action: CapturedAction = {
      kind: 'predictionBuy',
      order: { address: bettor, outcome: outcomeTokenId('btc-150k-2026', 'Yes'), spendRaw: '10000000' },
    };
    const id = legId();
    expect(await executeLeg(action, id, ports, deadline)).toMatchObject({ code: 'SUBMISSION_UNCERTAIN' });
    const found = await reconcileLeg(action, id, ports);
    expect(found).toMatchObject({ kind: 'settled', receipt: { network: 'polygon', status: 'success' } });
    expect(await executeLeg(action, id, ports, deadline)).toEqual(found);
    expect(await sandbox.chain.balance('polygon', bettor, PUSD_POLYGON)).toBe(40n * USDC);
  });
});
