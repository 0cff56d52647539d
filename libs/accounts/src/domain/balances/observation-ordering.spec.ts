import type { BalanceChange, ServiceDelta, WalletObservationCommand, WalletObservationEvent } from './events';
import { evolveObservation, initialObservation } from './observation';
import { at, observed, requested, spec, usdc, wallet } from './testing/observation-fixtures';

describe('wallet observation decider, ordered by block: an observation expects a service change exactly when it read at or above its block', () => {
  const sent = (blockNumber: number | null): WalletObservationEvent => ({
    type: 'ServiceTransactionSettled',
    data: {
      walletId: 7,
      submissionId: 'op-1:0',
      deltas: [{ network: 'base', token: '0xUSDC', amountRaw: '-500000', blockNumber }],
      at,
    },
  });
  const observation = (
    amountRaw: string,
    height: number,
    unrecorded: { submissionId: string; deltas: ServiceDelta[] }[] = [],
  ): WalletObservationCommand => ({
    type: 'RecordObservation',
    data: {
      balances: [usdc(amountRaw)],
      heights: { base: height, ethereum: 5 },
      unrecorded,
      observedAt: at,
    },
  });
  const landed = (blockNumber: number) => [
    {
      submissionId: 'op-1:0',
      deltas: [{ network: 'base' as const, token: '0xUSDC', amountRaw: '-500000', blockNumber }],
    },
  ];
  const recorded = (
    amountRaw: string,
    height: number,
    changes: BalanceChange[] = [],
    unrecordedSubmissions?: string[],
  ): WalletObservationEvent => ({
    type: 'BalancesObserved',
    data: {
      ...wallet,
      observedAt: at,
      balances: [usdc(amountRaw)],
      changes,
      heights: { base: height, ethereum: 5 },
      ...(unrecordedSubmissions ? { unrecordedSubmissions } : {}),
    },
  });
  const unexplained = (previousRaw: string, amountRaw: string): BalanceChange => ({
    network: 'base',
    token: '0xUSDC',
    symbol: 'USDC',
    decimals: 6,
    previousRaw,
    amountRaw,
    usdPrice: '1',
  });
  it('a change recorded after an observation that already saw it is not expected again', () => {
    // The observation at block 100 saw the send of block 100 before the executor recorded it:
    // it reported it (nothing explained it yet); the next one does not report its opposite.
    spec
      .given([requested, observed([usdc('1000000')], { base: 100 }), sent(100), requested])
      .when(observation('1000000', 101))
      .then([recorded('1000000', 101)]);
  });

  it('a change recorded before an observation that read below its block waits for the next one', () => {
    // Read at block 101 (before the send landed), recorded after the executor recorded the send
    // of block 102: that observation neither expects it nor reports it ...
    const first = [requested, observed([usdc('1500000')], { base: 100 }), requested, sent(102)];
    spec
      .given(first)
      .when(observation('1500000', 101))
      .then([recorded('1500000', 101)]);
    // ... and the next one, at or above block 102, expects it.
    const second = [...first, recorded('1500000', 101), requested];
    spec
      .given(second)
      .when(observation('1000000', 102))
      .then([recorded('1000000', 102)]);
    // Had the balance not moved by then, that would be reported. A failed observation passes it on.
    spec
      .given([
        ...first,
        { type: 'BalanceObservationFailed', data: { walletId: 7, userId: 'u-1', error: 'x', at } },
        requested,
      ])
      .when(observation('1000000', 102))
      .then([recorded('1000000', 102)]);
    spec
      .given(second)
      .when(observation('1500000', 102))
      .then([recorded('1500000', 102, [unexplained('1000000', '1500000')])]);
  });

  it('a landed transaction whose settlement is not recorded yet is expected once, by the first read at or above its block', () => {
    const before = [requested, observed([usdc('1500000')], { base: 100 }), requested];
    const counted = recorded('1000000', 101, [], ['op-1:0']);
    spec
      .given(before)
      .when(observation('1000000', 101, landed(101)))
      .then([counted]);
    // Still unrecorded at the next read: already in the balances, not expected again ...
    spec
      .given([...before, counted, requested])
      .when(observation('1000000', 102, landed(101)))
      .then([recorded('1000000', 102)]);
    // ... nor once its settlement is recorded.
    spec
      .given([...before, counted, sent(101), requested])
      .when(observation('1000000', 102))
      .then([recorded('1000000', 102)]);
    // Recorded before the observation: counted from the record, once.
    spec
      .given([...before, sent(101)])
      .when(observation('1000000', 101, landed(101)))
      .then([recorded('1000000', 101)]);
  });

  it('keeps one sum per asset for a wallet nobody refreshes, however many transactions settle', () => {
    const history = Array.from({ length: 500 }, (_, n): WalletObservationEvent => ({
      type: 'ServiceTransactionSettled',
      data: {
        walletId: 7,
        submissionId: `op-${n}:0`,
        deltas: [{ network: 'base', token: '0xUSDC', amountRaw: '-1', blockNumber: 100 + n }],
        at,
      },
    }));
    const state = history.reduce(evolveObservation, initialObservation());
    expect(state.racing).toEqual([]);
    expect([...state.explained]).toEqual([['base:0xUSDC', -500n]]);
  });

  it('a change without a block (a venue fill) counts in the next observation, as before heights', () => {
    spec
      .given([requested, observed([usdc('1500000')], { base: 100 }), sent(null), requested])
      .when(observation('1000000', 100))
      .then([recorded('1000000', 100)]);
  });
});
