import { deciderSpecification } from '@vetted/event-store/testing/decider-specification';
import type { CapturedAction } from './actions';
import { LegOutOfOrder, OperationSuperseded, PrerequisiteNotSucceeded, RefreshNotAvailable } from './errors';
import type { LegReceipt, OperationCreatedData, OperationEvent } from './events';
import { operationDecider } from './operation-decider';
import { swapAction } from './testing/decider-fixtures';

const spec = deciderSpecification(operationDecider);
const operationId = '6a1f0d3e-1c55-4b7e-9a0e-3b1c2d4e5f60';
const successorId = '7b2e1f4a-2d66-4c8f-8b1f-4c2d3e5f6a71';
const userId = 'u-1';
const at = '2026-11-21T10:00:00.000Z';

const swapIntent = { type: 'swap', walletId: 1, amount: { kind: 'exact', decimal: '1' } };
const approvalTx: CapturedAction = {
  kind: 'chain',
  tx: {
    kind: 'approve',
    network: 'base',
    from: '0xA',
    token: '0xT',
    spender: '0xS',
    amountRaw: '5',
  },
};

/** A Shape B token approval whose continuation is a swap (an ERC-20 swap short of allowance). */
const prerequisite: OperationCreatedData = {
  operationId,
  userId,
  username: 'alice',
  shape: 'B',
  kind: 'tokenApproval',
  walletId: 1,
  requestHash: 'hash-1',
  creationRequest: swapIntent,
  action: { type: 'tokenApproval', walletId: 1 },
  review: { type: 'tokenApproval', walletId: 1, summary: 'Allow 0xS to spend 5 raw' },
  continuation: { action: swapIntent, label: 'Swap 1 USDC for ETH on base', walletId: 1 },
  actions: [approvalTx],
  source: null,
  at,
};
const swap: OperationCreatedData = {
  ...prerequisite,
  kind: 'swap',
  action: swapIntent,
  continuation: null,
  actions: [swapAction],
};

const receipt: LegReceipt = {
  hash: '0xabc',
  network: 'base',
  status: 'success',
  blockNumber: 7,
  feeRaw: '21000',
  transfers: [],
};
const facts = (data: OperationCreatedData, receipts: LegReceipt[]) => ({
  userId,
  username: 'alice',
  walletId: 1,
  kind: data.kind,
  creationRequest: data.creationRequest,
  receipts,
  payer: '0xA',
  deliveredTo: null,
  route: null,
});
const created = (data: OperationCreatedData): OperationEvent => ({ type: 'OperationCreated', data });
const approved: OperationEvent = { type: 'OperationApproved', data: { operationId, userId, at } };
const submitted: OperationEvent = {
  type: 'LegSubmitted',
  data: { operationId, leg: 0, submissionId: `${operationId}:0`, at },
};
const settled: OperationEvent = {
  type: 'LegSettled',
  data: { operationId, leg: 0, submissionId: `${operationId}:0`, receipt, at },
};
const succeeded: OperationEvent = {
  type: 'OperationSucceeded',
  data: { operationId, at, ...facts(prerequisite, [receipt]) },
};
const failedWith = (data: OperationCreatedData, code: string, outcome: 'failed' | 'failed_before_effect') => [
  {
    type: 'LegFailed' as const,
    data: {
      operationId,
      leg: 0,
      submissionId: `${operationId}:0`,
      code,
      error: 'no',
      effect: outcome === 'failed' ? ('possible' as const) : ('none' as const),
      at,
    },
  },
  {
    type: 'OperationFailed' as const,
    data: { operationId, outcome, errorCode: code, error: 'no', at, ...facts(data, []) },
  },
];
const link = (relation: 'next' | 'refresh', id = successorId, quoteStale?: boolean) => ({
  type: 'LinkSuccessor' as const,
  data: { successorId: id, relation, at, ...(quoteStale !== undefined && { quoteStale }) },
});
const prepared = (relation: 'next' | 'refresh'): OperationEvent => ({
  type: 'SuccessorPrepared',
  data: { operationId, successorId, relation, at },
});

describe('operation decider, continuations (next)', () => {
  it('a succeeded prerequisite prepares its successor once; repeats change nothing', () => {
    const done = [created(prerequisite), approved, submitted, settled, succeeded];
    spec
      .given(done)
      .when(link('next'))
      .then([prepared('next')]);
    spec
      .given([...done, prepared('next')])
      .when(link('next'))
      .thenNothingHappens();
  });

  it('a pending, working or failed prerequisite cannot advance: 409', () => {
    for (const history of [
      [created(prerequisite)],
      [created(prerequisite), approved, submitted],
      [
        created(prerequisite),
        approved,
        ...failedWith(prerequisite, 'SUBMISSION_REJECTED', 'failed_before_effect'),
      ],
    ])
      spec
        .given(history)
        .when(link('next'))
        .thenThrows(PrerequisiteNotSucceeded, (e) => expect(e.status).toBe(409));
  });

  it('an operation without a continuation has nothing to advance to: 409', () => {
    spec
      .given([created(swap), approved, submitted, settled, succeeded])
      .when(link('next'))
      .thenThrows(PrerequisiteNotSucceeded);
  });

  it('another successor id than the one linked is a bug, not a second successor', () => {
    spec
      .given([created(prerequisite), approved, submitted, settled, succeeded, prepared('next')])
      .when(link('next', 'another'))
      .thenThrows(LegOutOfOrder);
  });
});

describe('operation decider, refreshed reviews', () => {
  it('a swap that failed before effect at its quote bar is re-reviewed once', () => {
    for (const code of [
      'QUOTE_BELOW_FLOOR',
      'QUOTE_UNAVAILABLE',
      'QUOTE_FAILED',
      'SLIPPAGE_EXCEEDED',
      'BLOCKHASH_EXPIRED',
    ]) {
      const history = [created(swap), approved, ...failedWith(swap, code, 'failed_before_effect')];
      spec
        .given(history)
        .when(link('refresh'))
        .then([prepared('refresh')]);
      spec
        .given([...history, prepared('refresh')])
        .when(link('refresh'))
        .thenNothingHappens();
    }
  });

  it('an unapproved review whose quote can no longer execute is closed as superseded', () => {
    spec
      .given([created(swap)])
      .when(link('refresh', successorId, true))
      .then([
        prepared('refresh'),
        {
          type: 'OperationCanceled',
          data: { operationId, reason: `superseded by operation ${successorId}`, at },
        },
      ]);
  });

  it('a review a refresh replaced is not discarded: 409 naming the fresh review', () => {
    const superseded = [
      created(swap),
      prepared('refresh'),
      {
        type: 'OperationCanceled',
        data: { operationId, reason: `superseded by operation ${successorId}`, at },
      } as OperationEvent,
    ];
    spec
      .given(superseded)
      .when({ type: 'DiscardOperation', data: { userId, at } })
      .thenThrows(OperationSuperseded, (e) => {
        expect(e.status).toBe(409);
        expect(e.message).toContain(successorId);
      });
  });

  it('refuses other failures, live quotes, successes and non-swaps: 409', () => {
    for (const history of [
      [created(swap), approved, ...failedWith(swap, 'SUBMISSION_UNCERTAIN', 'failed')],
      [created(swap), approved, ...failedWith(swap, 'SUBMISSION_REJECTED', 'failed_before_effect')],
      [created(swap)],
      [
        created(prerequisite),
        approved,
        ...failedWith(prerequisite, 'QUOTE_BELOW_FLOOR', 'failed_before_effect'),
      ],
    ])
      spec
        .given(history)
        .when(link('refresh'))
        .thenThrows(RefreshNotAvailable, (e) => expect(e.status).toBe(409));
  });
});

describe('operation decider, late receipts', () => {
  const timedOut = [created(swap), approved, submitted, ...failedWith(swap, 'LIFECYCLE_TIMEOUT', 'failed')];
  const late = {
    type: 'RecordLateReceipt' as const,
    data: { leg: 0, submissionId: `${operationId}:0`, receipt, at },
  };

  const recorded: OperationEvent = {
    type: 'LateReceiptRecorded',
    data: {
      operationId,
      ...late.data,
      // The failed operation as it now stands, for its activity item: this receipt among its receipts.
      failure: { errorCode: 'LIFECYCLE_TIMEOUT', error: 'no', ...facts(swap, [receipt]) },
    },
  };

  it('a receipt that settles after a lifecycle timeout is recorded; the outcome stays failed', () => {
    spec.given(timedOut).when(late).then([recorded]);
  });

  it('records it once, and never for an operation that did not fail with a possible effect', () => {
    spec
      .given([...timedOut, recorded])
      .when(late)
      .thenNothingHappens();
    spec
      .given([created(swap), approved, submitted, settled])
      .when(late)
      .thenNothingHappens();
  });
});

describe('operation decider, legs dropped after the deadline', () => {
  const timedOut = [created(swap), approved, submitted, ...failedWith(swap, 'LIFECYCLE_TIMEOUT', 'failed')];
  const drop = {
    type: 'RecordLateDrop' as const,
    data: {
      leg: 0,
      submissionId: `${operationId}:0`,
      code: 'BLOCKHASH_EXPIRED',
      error: 'transaction 5x on solana was dropped without executing: the blockhash has expired',
      at,
    },
  };
  const dropped: OperationEvent = { type: 'LateDropRecorded', data: { operationId, ...drop.data } };

  it('a leg the chain drops after a lifecycle timeout is recorded; the outcome stays failed', () => {
    spec.given(timedOut).when(drop).then([dropped]);
  });

  it('records it once, then no receipt for that leg, and never for another submission or outcome', () => {
    spec
      .given([...timedOut, dropped])
      .when(drop)
      .thenNothingHappens();
    spec
      .given([...timedOut, dropped])
      .when({ type: 'RecordLateReceipt', data: { leg: 0, submissionId: `${operationId}:0`, receipt, at } })
      .thenNothingHappens();
    spec
      .given(timedOut)
      .when({ type: 'RecordLateDrop', data: { ...drop.data, submissionId: `${operationId}:9` } })
      .thenNothingHappens();
    spec
      .given([created(swap), approved, submitted, settled])
      .when(drop)
      .thenNothingHappens();
  });
});
