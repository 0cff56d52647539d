import type { BalanceChange, WalletObservationCommand, WalletObservationEvent } from './events';
import { RECENT_SUBMISSIONS, evolveObservation, initialObservation, unexplainedChanges } from './observation';
import { at, eth, observed, requested, spec, usdc, wallet } from './testing/observation-fixtures';

describe('wallet observation decider', () => {
  it('queues a refresh', () => {
    spec
      .given([])
      .when({ type: 'RequestRefresh', data: { ...wallet, at } })
      .then([requested]);
  });

  it('joins a refresh that is already pending', () => {
    spec
      .given([requested])
      .when({ type: 'RequestRefresh', data: { ...wallet, at } })
      .thenNothingHappens();
  });

  it('records the first observation with every balance as a change from zero', () => {
    spec
      .given([requested])
      .when({
        type: 'RecordObservation',
        data: { balances: [usdc('1500000')], heights: {}, unrecorded: [], observedAt: at },
      })
      .then([
        {
          type: 'BalancesObserved',
          data: {
            ...wallet,
            observedAt: at,
            heights: {},
            balances: [usdc('1500000')],
            changes: [
              {
                network: 'base',
                token: '0xUSDC',
                symbol: 'USDC',
                decimals: 6,
                previousRaw: '0',
                amountRaw: '1500000',
                usdPrice: '1',
              },
            ],
          },
        },
      ]);
  });

  it('records only what changed since the last observation, including assets that disappeared', () => {
    spec
      .given([requested, observed([usdc('1500000'), eth]), requested])
      .when({
        type: 'RecordObservation',
        data: { balances: [usdc('1000000')], heights: {}, unrecorded: [], observedAt: at },
      })
      .then([
        {
          type: 'BalancesObserved',
          data: {
            ...wallet,
            observedAt: at,
            heights: {},
            balances: [usdc('1000000')],
            changes: [
              {
                network: 'base',
                token: '0xUSDC',
                symbol: 'USDC',
                decimals: 6,
                previousRaw: '1500000',
                amountRaw: '1000000',
                usdPrice: '1',
              },
              {
                network: 'ethereum',
                token: null,
                symbol: 'ETH',
                decimals: 18,
                previousRaw: '5',
                amountRaw: '0',
                usdPrice: null,
              },
            ],
          },
        },
      ]);
  });

  it('records nothing without a pending refresh (a replayed request)', () => {
    spec
      .given([requested, observed([usdc('1')])])
      .when({
        type: 'RecordObservation',
        data: { balances: [usdc('2')], heights: {}, unrecorded: [], observedAt: at },
      })
      .thenNothingHappens();
    spec
      .given([])
      .when({ type: 'RecordObservationFailure', data: { error: 'x', at } })
      .thenNothingHappens();
  });

  it('records a failure of the pending refresh, after which a new refresh can be queued', () => {
    const failed: WalletObservationEvent = {
      type: 'BalanceObservationFailed',
      data: { walletId: 7, userId: 'u-1', error: 'chain down', at },
    };
    spec
      .given([requested])
      .when({ type: 'RecordObservationFailure', data: { error: 'chain down', at } })
      .then([failed]);
    spec
      .given([requested, failed])
      .when({ type: 'RequestRefresh', data: { ...wallet, at } })
      .then([requested]);
  });

  it('sees no change when amounts are equal however they are written', () => {
    expect(unexplainedChanges([usdc('1500000')], [usdc('1500000', '0.99')])).toEqual([]);
  });

  it("leaves out what the service's own settled transactions explain, recording each transaction once", () => {
    const data = {
      walletId: 7,
      submissionId: 'op-1:0',
      deltas: [{ network: 'base' as const, token: '0xUSDC', amountRaw: '-500000' }],
      at,
    };
    const settled: WalletObservationEvent = { type: 'ServiceTransactionSettled', data };
    spec
      .given([requested, observed([usdc('1500000')])])
      .when({ type: 'RecordServiceTransaction', data })
      .then([settled]);
    spec.given([settled]).when({ type: 'RecordServiceTransaction', data }).thenNothingHappens();
    // Observed 1.0 after 1.5 and a service send of 0.5: nothing unexplained.
    spec
      .given([requested, observed([usdc('1500000')]), settled, requested])
      .when({
        type: 'RecordObservation',
        data: { balances: [usdc('1000000')], heights: {}, unrecorded: [], observedAt: at },
      })
      .then([
        {
          type: 'BalancesObserved',
          data: { ...wallet, observedAt: at, heights: {}, balances: [usdc('1000000')], changes: [] },
        },
      ]);
    // Observed 1.2: 0.2 arrived from elsewhere, and only that is reported.
    spec
      .given([requested, observed([usdc('1500000')]), settled, requested])
      .when({
        type: 'RecordObservation',
        data: { balances: [usdc('1200000')], heights: {}, unrecorded: [], observedAt: at },
      })
      .then([
        {
          type: 'BalancesObserved',
          data: {
            ...wallet,
            observedAt: at,
            heights: {},
            balances: [usdc('1200000')],
            changes: [
              {
                network: 'base',
                token: '0xUSDC',
                symbol: 'USDC',
                decimals: 6,
                previousRaw: '1000000',
                amountRaw: '1200000',
                usdPrice: '1',
              },
            ],
          },
        },
      ]);
  });

  it('reports a deposit the service then spent in full before any observation saw it', () => {
    // 7 USDC arrived from elsewhere after the last observation (which saw none), and a swap spent
    // all 7: neither observation holds USDC, yet the deposit is unexplained.
    const spent: WalletObservationEvent = {
      type: 'ServiceTransactionSettled',
      data: {
        walletId: 7,
        submissionId: 'op-1:0',
        deltas: [{ network: 'base', token: '0xUSDC', amountRaw: '-7000000', symbol: 'USDC', decimals: 6 }],
        at,
      },
    };
    const observing = {
      type: 'RecordObservation' as const,
      data: { balances: [eth], heights: {}, unrecorded: [], observedAt: at },
    };
    const deposit: BalanceChange = {
      network: 'base',
      token: '0xUSDC',
      symbol: 'USDC',
      decimals: 6,
      previousRaw: '-7000000',
      amountRaw: '0',
      usdPrice: null,
    };
    spec
      .given([requested, observed([eth]), spent, requested])
      .when(observing)
      .then([
        {
          type: 'BalancesObserved',
          data: { ...wallet, observedAt: at, heights: {}, balances: [eth], changes: [deposit] },
        },
      ]);
    // The same spend learnt only from the chain (landed, its receipt not recorded yet).
    spec
      .given([requested, observed([eth], { base: 10 }), requested])
      .when({
        type: 'RecordObservation',
        data: {
          balances: [eth],
          heights: { base: 12 },
          unrecorded: [{ submissionId: 'op-1:0', deltas: [{ ...spent.data.deltas[0], blockNumber: 11 }] }],
          observedAt: at,
        },
      })
      .then([
        {
          type: 'BalancesObserved',
          data: {
            ...wallet,
            observedAt: at,
            heights: { base: 12 },
            balances: [eth],
            changes: [deposit],
            unrecordedSubmissions: ['op-1:0'],
          },
        },
      ]);
  });

  it('remembers the latest service transactions, enough to record a repeat once, however long the history', () => {
    const settlement = (n: number): WalletObservationEvent => ({
      type: 'ServiceTransactionSettled',
      data: { walletId: 7, submissionId: `op-${n}:0`, deltas: [], at },
    });
    const history = Array.from({ length: RECENT_SUBMISSIONS + 10 }, (_, n) => settlement(n));
    const state = history.reduce(evolveObservation, initialObservation());
    expect(state.recentCount).toBe(RECENT_SUBMISSIONS);
    expect(state.recentSubmissions.split('\n').filter(Boolean)).toEqual(
      history.slice(10).map((e) => (e.data as { submissionId: string }).submissionId),
    );
    const record = (submissionId: string): WalletObservationCommand => ({
      type: 'RecordServiceTransaction',
      data: { walletId: 7, submissionId, deltas: [], at },
    });
    for (const n of [10, RECENT_SUBMISSIONS + 9])
      spec
        .given(history)
        .when(record(`op-${n}:0`))
        .thenNothingHappens();
    // An id is matched whole, never as a part of a longer or shorter one.
    for (const id of ['op-1:0', 'p-10:0', 'op-10:', 'op-10:00'])
      spec
        .given(history)
        .when(record(id))
        .then([
          { type: 'ServiceTransactionSettled', data: { walletId: 7, submissionId: id, deltas: [], at } },
        ]);
  });
});
