import { PUSD_POLYGON, outcomeTokenId } from '@vetted/sandbox';
import type { CapturedAction } from '../domain/actions';
import { executeLeg } from './execute-leg';
import { reconcileLeg } from './reconcile-leg';
import { USDC, evm, executionSandbox, legId } from './testing/execution-sandbox';

const open = executionSandbox();
const deadline = { deadlineMs: 30_000 };
const MARKET = 'btc-150k-2026';
const YES = outcomeTokenId(MARKET, 'Yes');
const NO = outcomeTokenId(MARKET, 'No');

/** A holder of the shares 10 pUSD buys of each outcome, with 80 pUSD left. */
async function holder() {
  const world = open();
  const address = evm();
  await world.sandbox.faucet('polygon', address, PUSD_POLYGON, 100n * USDC);
  for (const outcome of [YES, NO])
    await executeLeg(
      { kind: 'predictionBuy', order: { address, outcome, spendRaw: '10000000' } },
      legId(),
      world.ports,
      deadline,
    );
  const shares = (outcome: string) => world.sandbox.chain.balance('polygon', address, outcome);
  const redeem = (outcome: string): CapturedAction => ({
    kind: 'predictionRedeem',
    order: { address, outcome },
  });
  return { ...world, address, shares, redeem };
}

describe('executeLeg: prediction redemption', () => {
  it('settles a winning redemption: every share burned, 1 pUSD paid for each, and reconciles to it', async () => {
    const { sandbox, ports, address, shares, redeem } = await holder();
    await sandbox.resolveMarket(MARKET, 'Yes');
    const held = await shares(YES);
    const [action, id] = [redeem(YES), legId()];
    const outcome = await executeLeg(action, id, ports, deadline);
    expect(outcome).toEqual({
      kind: 'settled',
      receipt: {
        hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
        network: 'polygon',
        status: 'success',
        blockNumber: expect.any(Number),
        feeRaw: '0',
        transfers: [
          { network: 'polygon', token: YES, from: address, to: null, amountRaw: `${held}`, purpose: 'value' },
          {
            network: 'polygon',
            token: PUSD_POLYGON,
            from: null,
            to: address,
            amountRaw: `${held}`,
            purpose: 'value',
          },
        ],
        fill: {
          venue: 'predict',
          marketId: MARKET,
          outcome: YES,
          action: 'redeem',
          sharesRaw: `${held}`,
          pusdRaw: `${held}`,
          price: '1',
        },
      },
    });
    expect(await shares(YES)).toBe(0n);
    expect(await sandbox.chain.balance('polygon', address, PUSD_POLYGON)).toBe(80n * USDC + held);
    expect(await reconcileLeg(action, id, ports)).toEqual(outcome);
  });

  it('settles a losing redemption with the shares burned and no pUSD movement', async () => {
    const { sandbox, ports, address, shares, redeem } = await holder();
    await sandbox.resolveMarket(MARKET, 'Yes');
    const held = await shares(NO);
    const outcome = await executeLeg(redeem(NO), legId(), ports, deadline);
    expect(outcome).toMatchObject({
      kind: 'settled',
      receipt: {
        transfers: [{ token: NO, from: address, to: null, amountRaw: `${held}` }],
        fill: { action: 'redeem', sharesRaw: `${held}`, pusdRaw: '0', price: '0' },
      },
    });
    expect(await sandbox.chain.balance('polygon', address, PUSD_POLYGON)).toBe(80n * USDC);
  });

  it('fails before effect while the market is open, and when nothing is held', async () => {
    const { sandbox, ports, redeem } = await holder();
    const [action, id] = [redeem(YES), legId()];
    expect(await executeLeg(action, id, ports, deadline)).toEqual({
      kind: 'failed',
      code: 'SUBMISSION_REJECTED',
      error: expect.stringMatching(/market_not_resolved/),
      effect: 'none',
    });
    expect(await reconcileLeg(action, id, ports)).toBeNull();

    await sandbox.resolveMarket(MARKET, 'No');
    await executeLeg(redeem(YES), legId(), ports, deadline);
    expect(await executeLeg(redeem(YES), legId(), ports, deadline)).toMatchObject({
      kind: 'failed',
      code: 'SUBMISSION_REJECTED',
      error: expect.stringMatching(/nothing_to_redeem/),
      effect: 'none',
    });
  });
});
