import type { SpotOrderRequest } from '@vetted/venues';
import type { CapturedAction } from '../domain/actions';
import { executeLeg } from './execute-leg';
import { reconcileLeg } from './reconcile-leg';
import { USDC, evm, executionSandbox, legId } from './testing/execution-sandbox';

const open = executionSandbox();
const deadline = { deadlineMs: 30_000 };

async function trader(usdc: bigint) {
  const world = open();
  const address = evm();
  await world.sandbox.faucet('perps', address, 'USDC', usdc);
  const order = (fields: Partial<Omit<SpotOrderRequest, 'submissionId'>>): CapturedAction => ({
    kind: 'spotOrder',
    order: { address, coin: 'ETH', side: 'buy', size: '0.1', limitPx: '3100', ...fields },
  });
  const usdcOf = () => world.sandbox.chain.balance('perps', address, 'USDC');
  return { ...world, address, order, usdcOf };
}

describe('executeLeg on the perp venue spot market', () => {
  it('settles a buy: USDC paid, the coins received (raw units of szDecimals) and the fee as transfers', async () => {
    const { sandbox, ports, address, order, usdcOf } = await trader(1000n * USDC);
    const outcome = await executeLeg(order({}), legId(), ports, deadline);
    const usdc = { network: 'perps', token: 'USDC' };
    expect(outcome).toEqual({
      kind: 'settled',
      receipt: {
        hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
        network: 'perps',
        status: 'success',
        blockNumber: expect.any(Number),
        feeRaw: '135027',
        transfers: [
          { ...usdc, from: address, to: null, amountRaw: '300060000', purpose: 'value' },
          // 0.1 ETH at ETH's 4 size decimals.
          { network: 'perps', token: 'ETH', from: null, to: address, amountRaw: '1000', purpose: 'value' },
          { ...usdc, from: address, to: null, amountRaw: '135027', purpose: 'fee' },
        ],
        fill: {
          venue: 'perpsSpot',
          coin: 'ETH',
          side: 'buy',
          status: 'filled',
          size: '0.1',
          limitPx: '3100',
          filledSize: '0.1',
          avgPx: '3000.6',
          fills: [{ px: '3000.6', size: '0.1' }],
          quoteRaw: '300060000',
          balance: '0.1',
        },
      },
    });
    expect(await usdcOf()).toBe(1000n * USDC - 300_060_000n - 135_027n);
    expect(await sandbox.perps.spotBalances(address)).toEqual([{ coin: 'ETH', total: '0.1' }]);
  });

  it('settles a sell: the coins to the venue, the proceeds from it', async () => {
    const { ports, address, order } = await trader(1000n * USDC);
    await executeLeg(order({}), legId(), ports, deadline);
    const outcome = await executeLeg(order({ side: 'sell', limitPx: '2900' }), legId(), ports, deadline);
    expect(outcome).toMatchObject({
      kind: 'settled',
      receipt: {
        transfers: [
          {
            network: 'perps',
            token: 'USDC',
            from: null,
            to: address,
            amountRaw: '299940000',
            purpose: 'value',
          },
          { network: 'perps', token: 'ETH', from: address, to: null, amountRaw: '1000', purpose: 'value' },
          expect.objectContaining({ from: address, to: null, purpose: 'fee' }),
        ],
        fill: { venue: 'perpsSpot', side: 'sell', status: 'filled', balance: '0' },
      },
    });
  });

  it('settles a partial fill with its filled size', async () => {
    const { ports, order } = await trader(200_000n * USDC);
    const outcome = await executeLeg(order({ size: '60', limitPx: '3001' }), legId(), ports, deadline);
    expect(outcome).toMatchObject({
      kind: 'settled',
      receipt: {
        fill: { status: 'partiallyFilled', size: '60', filledSize: '49.99', balance: '49.99' },
      },
    });
  });

  it('fails an order that filled nothing before effect, and reconciles it to the same failure', async () => {
    const { ports, order, usdcOf } = await trader(1000n * USDC);
    const [action, id] = [order({ limitPx: '2900' }), legId()];
    const failed = {
      kind: 'failed',
      code: 'SLIPPAGE_EXCEEDED',
      error: expect.stringMatching(/nothing filled/),
      effect: 'none',
    };
    expect(await executeLeg(action, id, ports, deadline)).toEqual(failed);
    expect(await reconcileLeg(action, id, ports)).toEqual(failed);
    expect(await usdcOf()).toBe(1000n * USDC);
  });

  it('maps refusals: funds to INSUFFICIENT_FUNDS, the minimum to SUBMISSION_REJECTED; neither reconciles', async () => {
    const { ports, order } = await trader(20n * USDC);
    for (const [action, code] of [
      [order({ size: '1' }), 'INSUFFICIENT_FUNDS'],
      [order({ side: 'sell', limitPx: '2900' }), 'INSUFFICIENT_FUNDS'],
      [order({ size: '0.003' }), 'SUBMISSION_REJECTED'],
    ] as const) {
      const id = legId();
      expect(await executeLeg(action, id, ports, deadline)).toMatchObject({
        kind: 'failed',
        code,
        effect: 'none',
      });
      expect(await reconcileLeg(action, id, ports)).toBeNull();
    }
  });

  it('moves money once under one submission id, and reconciles an uncertain answer to the settled fill', async () => {
    const { sandbox, ports, address, order } = await trader(1000n * USDC);
    await sandbox.injectFault({ target: 'submission', mode: 'uncertain', count: 1 });
    const [action, id] = [order({}), legId()];
    expect(await executeLeg(action, id, ports, deadline)).toMatchObject({
      kind: 'failed',
      code: 'SUBMISSION_UNCERTAIN',
      effect: 'possible',
    });
    const reconciled = await reconcileLeg(action, id, ports);
    expect(reconciled).toMatchObject({ kind: 'settled', receipt: { fill: { filledSize: '0.1' } } });
    const coins = { network: 'perps', token: 'ETH', from: null, to: address, amountRaw: '1000' };
    expect((reconciled as { receipt: { transfers: unknown[] } }).receipt.transfers).toContainEqual(
      expect.objectContaining(coins),
    );
    expect(await executeLeg(action, id, ports, deadline)).toEqual(reconciled);
    expect(await sandbox.perps.spotBalances(address)).toEqual([{ coin: 'ETH', total: '0.1' }]);
  });
});
