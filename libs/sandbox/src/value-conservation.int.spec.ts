/**
 * Value conservation, as a property over random histories of the world.
 *
 * After every step, for every token (each (network, token) pair, pools, venue accounts, the
 * arbitrageur and the fee sinks included):
 *   1. no balance is negative;
 *   2. sum of all balances = deposited + minted - burned, per the world's supply ledger;
 *   3. deposited = the genesis allocation + what this test's faucet calls put in (nothing else
 *      creates value: fees, swaps, bridges, perp PnL and prediction payouts only move it);
 *   4. only prediction outcome shares are ever minted or burned (shares are minted against pUSD paid
 *      into the venue treasury and burned when sold or redeemed); every other token has
 *      minted = burned = 0;
 *   5. fee sinks only ever grow;
 *   6. every actor's spot coin balances on the perp venue are what its spot orders bought minus
 *      what they sold, by the venue's own order records (spot coins live outside the ledger: the
 *      house sells from an unbounded inventory, and the USDC side is checked by 1-3 with the rest).
 * Calls may fail with the ports' own errors (rejections, injected faults, failed quotes); any
 * other error fails the property.
 */
import fc from 'fast-check';
import { ManualClock } from '@vetted/kernel';
import { VenueError } from '@vetted/venues';
import { CATALOG_OUTCOMES } from './predict/market-catalog';
import type { Sandbox } from './sandbox';
import { HistoryRunner } from './testing/history-runner';
import { EVM_ACTORS, step, supplyKey } from './testing/history-steps';
import { sandboxFixture } from './testing/sandbox-fixture';
import { feeSink } from './world/sandbox-accounts';

const fixture = sandboxFixture();

function checkInvariants(
  sandbox: Sandbox,
  history: HistoryRunner,
  genesis: Map<string, bigint>,
  sinks: Map<string, bigint>,
): void {
  const totals = new Map<string, bigint>();
  for (const h of sandbox.holdings()) {
    expect(h.amountRaw).toBeGreaterThanOrEqual(0n);
    totals.set(
      supplyKey(h.network, h.token),
      (totals.get(supplyKey(h.network, h.token)) ?? 0n) + h.amountRaw,
    );
  }
  for (const s of sandbox.supply()) {
    const k = supplyKey(s.network, s.token);
    expect([k, totals.get(k) ?? 0n]).toEqual([k, s.depositedRaw + s.mintedRaw - s.burnedRaw]);
    expect([k, s.depositedRaw]).toEqual([k, (genesis.get(k) ?? 0n) + (history.faucets.get(k) ?? 0n)]);
    const isShare = CATALOG_OUTCOMES.some((o) => o.tokenId === s.token);
    if (!isShare) expect([k, s.mintedRaw, s.burnedRaw]).toEqual([k, 0n, 0n]);
  }
  for (const h of sandbox.holdings()) {
    if (h.address !== feeSink(h.network)) continue;
    const k = supplyKey(h.network, h.token);
    expect(h.amountRaw).toBeGreaterThanOrEqual(sinks.get(k) ?? 0n);
    sinks.set(k, h.amountRaw);
  }
}

async function checkSpot(sandbox: Sandbox, history: HistoryRunner): Promise<void> {
  for (const address of EVM_ACTORS) {
    const held = await sandbox.perps.spotBalances(address);
    const expected = [...history.spot]
      .filter(([key, total]) => key.startsWith(`${address}:`) && !total.isZero())
      .map(([key, total]) => ({ coin: key.slice(address.length + 1), total: total.toFixed() }))
      .sort((a, b) => a.coin.localeCompare(b.coin));
    expect(held).toEqual(expected);
  }
}

describe('value conservation', () => {
  it('holds over random histories of faucets, transfers, swaps, perp, spot and prediction orders and faults', async () => {
    const property = fc.asyncProperty(
      fc.array(step, { minLength: 5, maxLength: 30 }),
      fc.constantFrom(0, 2),
      async (steps, blockTimeSeconds) => {
        const { sandbox } = fixture.open({ clock: new ManualClock(), blockTimeSeconds });
        const history = new HistoryRunner(sandbox);
        const genesis = new Map(sandbox.supply().map((s) => [supplyKey(s.network, s.token), s.depositedRaw]));
        const sinks = new Map<string, bigint>();
        const check = async () => {
          checkInvariants(sandbox, history, genesis, sinks);
          await checkSpot(sandbox, history);
        };
        try {
          await check();
          await history.fund();
          await check();
          for (const s of steps) {
            try {
              await history.run(s);
            } catch (error) {
              if (!(error instanceof VenueError)) throw error;
            }
            await check();
          }
          await sandbox.advanceClock(60);
          await check();
        } finally {
          await sandbox.close();
        }
      },
    );
    await fc.assert(property, { numRuns: 60 });
  });
});
