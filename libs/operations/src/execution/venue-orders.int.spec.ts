import { PUSD_POLYGON, outcomeTokenId } from '@vetted/sandbox';
import type { PerpOrderRequest } from '@vetted/venues';
import type { CapturedAction } from '../domain/actions';
import { executeLeg } from './execute-leg';
import { reconcileLeg } from './reconcile-leg';
import { USDC, evm, executionSandbox, legId } from './testing/execution-sandbox';

const open = executionSandbox();
const deadline = { deadlineMs: 30_000 };
const YES = outcomeTokenId('btc-150k-2026', 'Yes');

async function trader(usdc: bigint) {
  const world = open();
  const address = evm();
  await world.sandbox.faucet('perps', address, 'USDC', usdc);
  const order = (fields: Partial<Omit<PerpOrderRequest, 'submissionId'>>): CapturedAction => ({
    kind: 'perpOrder',
    order: { address, coin: 'ETH', side: 'buy', size: '0.01', limitPx: '3100', reduceOnly: false, ...fields },
  });
  return { ...world, address, order };
}

async function bettor() {
  const world = open();
  const address = evm();
  await world.sandbox.faucet('polygon', address, PUSD_POLYGON, 100n * USDC);
  return { ...world, address };
}

describe('executeLeg on the perp venue', () => {
  it('settles a partly filled IOC order with the filled size, fee and fills', async () => {
    const { sandbox, ports, address, order } = await trader(50_000n * USDC);
    const outcome = await executeLeg(order({ size: '60', limitPx: '3001' }), legId(), ports, deadline);
    expect(outcome).toEqual({
      kind: 'settled',
      receipt: {
        hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
        network: 'perps',
        status: 'success',
        blockNumber: expect.any(Number),
        feeRaw: expect.stringMatching(/^[1-9][0-9]*$/),
        transfers: [expect.objectContaining({ token: 'USDC', from: address, to: null, purpose: 'fee' })],
        fill: {
          venue: 'perps',
          coin: 'ETH',
          side: 'buy',
          status: 'partiallyFilled',
          size: '60',
          limitPx: '3001',
          filledSize: '49.99',
          avgPx: '3000.6',
          fills: [{ px: '3000.6', size: '49.99' }],
          realizedPnlRaw: '0',
        },
      },
    });
    const account = await sandbox.perps.account(address);
    expect(account.positions).toEqual([expect.objectContaining({ coin: 'ETH', size: '49.99' })]);
    if (outcome.kind !== 'settled') throw new Error('expected a settled leg');
    expect(account.balanceRaw).toBe(50_000n * USDC - BigInt(outcome.receipt.feeRaw));
  });

  it('fails an order that filled nothing before effect: the book moved past its limit', async () => {
    const { ports, order } = await trader(1000n * USDC);
    expect(await executeLeg(order({ size: '1', limitPx: '2900' }), legId(), ports, deadline)).toEqual({
      kind: 'failed',
      code: 'SLIPPAGE_EXCEEDED',
      error: expect.stringMatching(/nothing filled/),
      effect: 'none',
    });
  });

  it('reports a realized profit as value from the venue', async () => {
    const { sandbox, ports, address, order } = await trader(1000n * USDC);
    await executeLeg(order({ size: '0.1' }), legId(), ports, deadline);
    await sandbox.setPrice({ network: 'perps', token: 'ETH' }, '3300');
    const close = order({ side: 'sell', size: '0.1', limitPx: '1', reduceOnly: true });
    const outcome = await executeLeg(close, legId(), ports, deadline);
    expect(outcome).toMatchObject({
      kind: 'settled',
      receipt: {
        transfers: [
          { network: 'perps', token: 'USDC', from: null, to: address, purpose: 'value' },
          expect.objectContaining({ from: address, purpose: 'fee' }),
        ],
        fill: { status: 'filled', realizedPnlRaw: expect.stringMatching(/^[1-9]/) },
      },
    });
  });

  it('maps an order refused for margin to INSUFFICIENT_FUNDS, and reconciles it to null', async () => {
    const { ports, order } = await trader(20n * USDC);
    const [action, id] = [order({ size: '1', limitPx: '3100' }), legId()];
    expect(await executeLeg(action, id, ports, deadline)).toMatchObject({
      kind: 'failed',
      code: 'INSUFFICIENT_FUNDS',
      effect: 'none',
    });
    expect(await reconcileLeg(action, id, ports)).toBeNull();
  });
});

describe('executeLeg on the prediction venue', () => {
  it('settles a buy: pUSD to the venue, shares minted to the buyer', async () => {
    const { sandbox, ports, address } = await bettor();
    const action: CapturedAction = {
      kind: 'predictionBuy',
      order: { address, outcome: YES, spendRaw: '10000000', minSharesRaw: '1' },
    };
    const id = legId();
    const outcome = await executeLeg(action, id, ports, deadline);
    const shares = await sandbox.chain.balance('polygon', address, YES);
    expect(outcome).toEqual({
      kind: 'settled',
      receipt: {
        hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
        network: 'polygon',
        status: 'success',
        blockNumber: expect.any(Number),
        feeRaw: '0',
        transfers: [
          {
            network: 'polygon',
            token: PUSD_POLYGON,
            from: address,
            to: null,
            amountRaw: '10000000',
            purpose: 'value',
          },
          {
            network: 'polygon',
            token: YES,
            from: null,
            to: address,
            amountRaw: shares.toString(),
            purpose: 'value',
          },
        ],
        fill: {
          venue: 'predict',
          marketId: 'btc-150k-2026',
          outcome: YES,
          action: 'buy',
          sharesRaw: shares.toString(),
          pusdRaw: '10000000',
          price: expect.any(String),
        },
      },
    });
    expect(shares).toBeGreaterThan(0n);
    expect(await sandbox.chain.balance('polygon', address, PUSD_POLYGON)).toBe(90n * USDC);
    expect(await reconcileLeg(action, id, ports)).toEqual(outcome);
  });

  it('settles a sell of shares for pUSD', async () => {
    const { sandbox, ports, address } = await bettor();
    await executeLeg(
      { kind: 'predictionBuy', order: { address, outcome: YES, spendRaw: '10000000' } },
      legId(),
      ports,
      deadline,
    );
    const sharesRaw = (await sandbox.chain.balance('polygon', address, YES)).toString();
    const outcome = await executeLeg(
      { kind: 'predictionSell', order: { address, outcome: YES, sharesRaw } },
      legId(),
      ports,
      deadline,
    );
    expect(outcome).toMatchObject({
      kind: 'settled',
      receipt: {
        transfers: [
          { token: YES, from: address, to: null, amountRaw: sharesRaw },
          { token: PUSD_POLYGON, from: null, to: address },
        ],
        fill: { action: 'sell', sharesRaw },
      },
    });
    expect(await sandbox.chain.balance('polygon', address, YES)).toBe(0n);
  });

  it('maps a buy below its minimum shares to SLIPPAGE_EXCEEDED before effect', async () => {
    const { ports, address } = await bettor();
    const action: CapturedAction = {
      kind: 'predictionBuy',
      order: { address, outcome: YES, spendRaw: '10000000', minSharesRaw: '100000000' },
    };
    expect(await executeLeg(action, legId(), ports, deadline)).toMatchObject({
      kind: 'failed',
      code: 'SLIPPAGE_EXCEEDED',
      effect: 'none',
    });
  });

  it('reconciles an order the venue never saw to null', async () => {
    const { ports, address } = await bettor();
    const action: CapturedAction = {
      kind: 'predictionSell',
      order: { address, outcome: YES, sharesRaw: '1' },
    };
    expect(await reconcileLeg(action, legId(), ports)).toBeNull();
  });
});
