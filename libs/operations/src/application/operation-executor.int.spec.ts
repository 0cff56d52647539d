import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { accountStream, handleCommand, loadState, operationStream } from '@vetted/event-store';
import { SqliteEventStore } from '@vetted/event-store/sqlite/sqlite-event-store';
import { ProjectionRunner } from '@vetted/read-store';
import { MemoryReadStore } from '@vetted/read-store/memory/memory-read-store';
import { USDC_ADDRESSES } from '@vetted/sandbox';
import { type CapturedAction, type OperationCommand, operationDecider, submissionIdOf } from '../domain';
import { ETH, evm, executionSandbox, USDC } from '../execution/testing/execution-sandbox';
import { operationsProjection } from '../read-model/operations/operations-projection';
import { OperationExecutor } from './operation-executor';

/** The executor against a real sandbox and a real SQLite event store: every leg executes exactly once. */
describe('OperationExecutor', () => {
  const openSandbox = executionSandbox();
  let dir: string;
  let store: SqliteEventStore;
  let readStore: MemoryReadStore;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'vetted-executor-'));
    store = new SqliteEventStore({ file: path.join(dir, 'events.sqlite') });
    readStore = new MemoryReadStore();
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function setUp(sandboxOptions: { blockTimeSeconds?: number } = {}) {
    const { sandbox, ports, clock } = openSandbox(sandboxOptions);
    const executor = new OperationExecutor(
      store,
      readStore,
      clock,
      ports.chain,
      ports.perps,
      ports.predict,
      ports.quoter,
      ports.tokens,
    );
    const from = evm();
    const to = evm();
    await sandbox.faucet('base', from, null, ETH);
    await sandbox.faucet('base', from, USDC_ADDRESSES.base, 100n * USDC);
    const transfer = (amount: bigint): CapturedAction => ({
      kind: 'chain',
      tx: {
        kind: 'transfer',
        network: 'base',
        from,
        to,
        token: USDC_ADDRESSES.base,
        amountRaw: amount.toString(),
      },
    });
    const at = clock.now().toISOString();
    /** Records an approved operation of the given actions (a fresh id by default). */
    const approveOperation = async (
      actions: CapturedAction[],
      id: string = randomUUID(),
      walletId = 1,
      shape: 'A' | 'B' = 'A',
    ) => {
      const decide = (command: OperationCommand) =>
        handleCommand(store, operationStream(id), operationDecider, command);
      await decide({
        type: 'CreateOperation',
        data: {
          operationId: id,
          userId: 'u',
          username: 'alice',
          shape,
          kind: shape === 'A' ? 'action_sequence' : 'send',
          walletId,
          requestHash: `h-${id}`,
          creationRequest: {},
          actions,
          source: null,
          at,
        },
      });
      await decide({ type: 'ApproveOperation', data: { userId: 'u', sourceWalletActive: true, at } });
      return id;
    };
    const operationId = randomUUID();
    const decide = (command: OperationCommand) =>
      handleCommand(store, operationStream(operationId), operationDecider, command);
    const approveWith = (actions: CapturedAction[]) => approveOperation(actions, operationId);
    const received = () => sandbox.chain.balance('base', to, USDC_ADDRESSES.base);
    const state = () => loadState(store, operationStream(operationId), operationDecider);
    return {
      sandbox,
      clock,
      from,
      to,
      executor,
      transfer,
      operationId,
      decide,
      approveWith,
      approveOperation,
      received,
      state,
      at,
    };
  }

  it('executes every leg in order and reaches done', async () => {
    const { executor, transfer, operationId, approveWith, received, state } = await setUp();
    await approveWith([transfer(5n * USDC), transfer(7n * USDC)]);
    await executor.execute(operationId);
    expect((await state()).status).toBe('done');
    expect(await received()).toBe(12n * USDC);
    const events = (await store.readStream(operationStream(operationId))).map((e) => e.type);
    expect(events).toEqual([
      'OperationCreated',
      'OperationApproved',
      'LegSubmitted',
      'LegSettled',
      'LegSubmitted',
      'LegSettled',
      'OperationSucceeded',
    ]);
  });

  it('resumes after a crash between recording the intent and submitting: submits once', async () => {
    const { executor, transfer, operationId, approveWith, decide, received, state, at } = await setUp();
    await approveWith([transfer(5n * USDC)]);
    await decide({
      type: 'RecordLegSubmitted',
      data: { leg: 0, submissionId: submissionIdOf(operationId, 0), at },
    });
    await executor.execute(operationId);
    expect((await state()).status).toBe('done');
    expect(await received()).toBe(5n * USDC);
  });

  /**
   * An approved send of 5 USDC whose leg was submitted and landed, its receipt not recorded: where
   * a crash right after the submission leaves it.
   */
  async function submittedBeforeACrash(context: Awaited<ReturnType<typeof setUp>>): Promise<string> {
    const { sandbox, transfer, operationId, approveWith, decide, at } = context;
    const action = transfer(5n * USDC);
    await approveWith([action]);
    const submissionId = submissionIdOf(operationId, 0);
    await decide({ type: 'RecordLegSubmitted', data: { leg: 0, submissionId, at } });
    if (action.kind !== 'chain' || action.tx.kind !== 'transfer') throw new Error('unexpected');
    await sandbox.chain.submit({ ...action.tx, amountRaw: BigInt(action.tx.amountRaw), submissionId });
    return submissionId;
  }

  it('resumes after a crash between submitting and recording the receipt: reconciles, never submits twice', async () => {
    const context = await setUp();
    const { executor, operationId, received, state } = context;
    await submittedBeforeACrash(context);
    await executor.execute(operationId);
    await executor.execute(operationId);
    expect((await state()).status).toBe('done');
    expect(await received()).toBe(5n * USDC);
  });

  it('tells a balance observation about a landed leg recorded as submitted that it is not running (a restart)', async () => {
    const context = await setUp();
    const { executor, to } = context;
    const submissionId = await submittedBeforeACrash(context);
    // The read models have caught up (process managers start only then); this executor has not
    // resumed the operation.
    const projections = new ProjectionRunner(store, readStore, [operationsProjection]);
    await projections.start();
    try {
      expect(await executor.landedUnrecorded('u', to)).toEqual([
        {
          submissionId,
          deltas: [
            expect.objectContaining({ network: 'base', token: USDC_ADDRESSES.base, amountRaw: '5000000' }),
          ],
        },
      ]);
      expect(await executor.landedUnrecorded('someone else', to)).toEqual([]);
    } finally {
      await projections.stop();
    }
  });

  it('fails before effect when the first submission is rejected, and does nothing on redelivery', async () => {
    const { sandbox, executor, transfer, operationId, approveWith, received, state } = await setUp();
    await sandbox.injectFault({ target: 'submission', mode: 'reject', count: 1 });
    await approveWith([transfer(5n * USDC)]);
    await executor.execute(operationId);
    const after = await state();
    expect(after).toMatchObject({ status: 'failed_before_effect', errorCode: 'SUBMISSION_REJECTED' });
    await executor.execute(operationId);
    expect(await received()).toBe(0n);
  });

  it('fails before effect an approval recorded after its wallet was archived; one recorded before runs', async () => {
    const { executor, transfer, approveOperation, received, from, at } = await setUp();
    const account = (events: { type: string; data: object }[]) =>
      store.appendToStream(accountStream('u'), events, { expectedRevision: 'any' });
    await account([
      { type: 'UserSignedUp', data: { userId: 'u', username: 'alice', at } },
      {
        type: 'WalletCreated',
        data: { userId: 'u', walletId: 1, family: 'evm', kind: 'regular', name: 'Main', address: from, at },
      },
    ]);
    const approvedAt = async (id: string) =>
      (await store.readStream(operationStream(id))).find((e) => e.type === 'OperationApproved')!.position;
    // Approved (its account read before the archive), then the archive: it runs.
    const before = await approveOperation([transfer(5n * USDC)]);
    await account([{ type: 'WalletArchived', data: { userId: 'u', walletId: 1, at } }]);
    await executor.execute(before, { approvedAt: await approvedAt(before) });
    expect((await loadState(store, operationStream(before), operationDecider)).status).toBe('done');
    // Approved on an account read before the archive, but recorded after it: nothing runs.
    const after = await approveOperation([transfer(7n * USDC)]);
    await executor.execute(after, { approvedAt: await approvedAt(after) });
    expect(await loadState(store, operationStream(after), operationDecider)).toMatchObject({
      status: 'failed_before_effect',
      errorCode: 'SOURCE_WALLET_UNAVAILABLE',
      error: 'wallet 1 was archived before this approval was recorded; nothing was submitted',
    });
    expect(await received()).toBe(5n * USDC);
  });

  it('fails with possible effect when a later leg fails after an earlier one settled', async () => {
    const { executor, transfer, from, operationId, approveWith, received, state } = await setUp();
    // The wallet funds both legs, but has granted the DEX no allowance: the chain refuses the swap.
    const unapprovedSwap: CapturedAction = {
      kind: 'chain',
      tx: {
        kind: 'swap',
        network: 'base',
        from,
        tokenIn: USDC_ADDRESSES.base,
        assetOut: { network: 'base', token: null },
        amountInRaw: (5n * USDC).toString(),
        minAmountOutRaw: '1',
      },
    };
    await approveWith([transfer(5n * USDC), unapprovedSwap]);
    await executor.execute(operationId);
    expect(await state()).toMatchObject({ status: 'failed', errorCode: 'SUBMISSION_REJECTED' });
    expect(await received()).toBe(5n * USDC);
  });

  it('fails before effect when the wallet no longer pays the gas of all its legs: none runs', async () => {
    const { sandbox, executor, transfer, from, to, operationId, approveWith, received, state } =
      await setUp();
    // The wallet holds the 1 ETH the second leg sends, but not the gas of both legs on top.
    const allEth: CapturedAction = {
      kind: 'chain',
      tx: { kind: 'transfer', network: 'base', from, to, token: null, amountRaw: ETH.toString() },
    };
    await approveWith([transfer(5n * USDC), allEth]);
    await executor.execute(operationId);
    expect(await state()).toMatchObject({
      status: 'failed_before_effect',
      errorCode: 'INSUFFICIENT_FUNDS',
      error: expect.stringMatching(
        /the native token on base, the operation needs \d+; nothing was submitted$/,
      ),
    });
    expect(await received()).toBe(0n);
    expect(await sandbox.chain.balance('base', from, null)).toBe(ETH);
  });

  it('fails before effect when the wallet no longer funds its legs: no leg runs, no gas is spent', async () => {
    const { sandbox, executor, transfer, from, operationId, approveWith, received, state } = await setUp();
    await approveWith([transfer(60n * USDC), transfer(50n * USDC)]);
    await executor.execute(operationId);
    expect(await state()).toMatchObject({
      status: 'failed_before_effect',
      errorCode: 'INSUFFICIENT_FUNDS',
      error: expect.stringMatching(/has 100000000 .*needs 110000000; nothing was submitted$/),
    });
    expect(await received()).toBe(0n);
    expect(await sandbox.chain.balance('base', from, null)).toBe(ETH);
  });

  it('runs operations of one wallet one after another when approved together', async () => {
    const { executor, transfer, received, approveOperation } = await setUp();
    const ids: string[] = [];
    for (const amount of [1n, 2n, 3n]) ids.push(await approveOperation([transfer(amount * USDC)]));
    const approvals = await Promise.all(
      ids.map(async (id) => (await store.readStream(operationStream(id)))[1]),
    );
    await executor.handle(approvals);
    await executor.drain();
    for (const id of ids)
      expect((await loadState(store, operationStream(id), operationDecider)).status).toBe('done');
    expect(await received()).toBe(6n * USDC);
  });

  it("runs another wallet's operation while one waits for an unknown outcome, and checkpoints behind it", async () => {
    const { sandbox, clock, to, executor, transfer, approveOperation } = await setUp();
    const other = evm();
    await sandbox.faucet('base', other, null, ETH);
    await sandbox.faucet('base', other, USDC_ADDRESSES.base, 100n * USDC);
    const fromOther: CapturedAction = {
      kind: 'chain',
      tx: {
        kind: 'transfer',
        network: 'base',
        from: other,
        to,
        token: USDC_ADDRESSES.base,
        amountRaw: '1000000',
      },
    };
    const slow = await approveOperation([transfer(2n * USDC)], randomUUID(), 1);
    const quick = await approveOperation([fromOther], randomUUID(), 2);
    const approval = async (id: string) => (await store.readStream(operationStream(id)))[1];
    const [slowApproval, quickApproval] = [await approval(slow), await approval(quick)];
    const status = async (id: string) =>
      (await loadState(store, operationStream(id), operationDecider)).status;
    // The slow one's submission times out: it lands only when the sandbox clock moves on.
    await sandbox.injectFault({ target: 'submission', mode: 'timeout', count: 1 });
    await executor.handle([slowApproval, quickApproval]);
    const delivered = quickApproval.position;
    for (let i = 0; i < 100 && (await status(quick)) !== 'done'; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(await status(quick)).toBe('done');
    expect(await status(slow)).toBe('working');
    // Nothing before the slow approval is finished with it: the checkpoint stays where it was.
    expect(executor.finishedThrough(delivered)).toBeUndefined();
    clock.advance(60_000);
    await executor.drain();
    expect(await status(slow)).toBe('done');
    expect(executor.finishedThrough(delivered)).toBe(delivered);
  });

  /**
   * Executes the operation while sandbox time moves past the lifecycle deadline (not to its block,
   * 600 s away) until the executor gives up; the state it ends in.
   */
  async function pastTheDeadline({
    clock,
    executor,
    operationId,
    state,
  }: Pick<Awaited<ReturnType<typeof setUp>>, 'clock' | 'executor' | 'operationId' | 'state'>) {
    const running = executor.execute(operationId);
    for (let i = 0; i < 10 && (await state()).status === 'working'; i++) {
      clock.advance(31_000);
      await new Promise((r) => setTimeout(r, 250));
    }
    await running;
    return state();
  }

  it('fails a leg still pending at the deadline with LIFECYCLE_TIMEOUT, the explanation and the provider detail', async () => {
    const { clock, executor, transfer, operationId, approveWith, state } = await setUp({
      blockTimeSeconds: 600,
    });
    await approveWith([transfer(2n * USDC)]);
    const failed = await pastTheDeadline({ clock, executor, operationId, state });
    expect(failed).toMatchObject({ status: 'failed', errorCode: 'LIFECYCLE_TIMEOUT' });
    expect('error' in failed && failed.error).toMatch(
      /^the service did not see the transaction settle within 30 s; .*\. Provider: the submission of leg 0 was accepted and is still pending$/,
    );
  });

  it('fails an uncertain submission still unknown at the deadline with its code, the deadline explanation and the provider detail, and records its receipt when it lands', async () => {
    const { sandbox, clock, executor, transfer, operationId, approveWith, received, state } = await setUp({
      blockTimeSeconds: 600,
    });
    await sandbox.injectFault({ target: 'submission', mode: 'uncertain', count: 1 });
    await approveWith([transfer(2n * USDC)]);
    const failed = await pastTheDeadline({ clock, executor, operationId, state });
    expect(failed).toMatchObject({ status: 'failed', errorCode: 'SUBMISSION_UNCERTAIN' });
    expect('error' in failed && failed.error).toMatch(
      /^the service did not see the transaction settle within 30 s; .*inspect its receipts.*\. Provider: .+/,
    );
    expect(await received()).toBe(0n);
    // The block lands later: the executor finds the receipt by the submission id and records it.
    clock.advance(600_000);
    for (let i = 0; i < 100 && (await received()) === 0n; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await received()).toBe(2n * USDC);
    let types: string[] = [];
    for (let i = 0; i < 150 && !types.includes('LateReceiptRecorded'); i++) {
      await new Promise((r) => setTimeout(r, 20));
      types = (await store.readStream(operationStream(operationId))).map((e) => e.type);
    }
    expect(types.slice(-2)).toEqual(['OperationFailed', 'LateReceiptRecorded']);
    await executor.onModuleDestroy();
  });

  it('fails a Shape B operation still queued behind its wallet at its 30 s deadline, submitting nothing', async () => {
    const { sandbox, clock, executor, transfer, approveOperation, received } = await setUp();
    const status = async (id: string) => loadState(store, operationStream(id), operationDecider);
    // The wallet's earlier operation waits for a submission that lands an hour later.
    await sandbox.injectFault({ target: 'submission', mode: 'timeout', count: 1, landAfterSeconds: 3600 });
    const slow = await approveOperation([transfer(2n * USDC)]);
    // The Shape B one was approved 29.8 s ago (the approvals share `at`): its deadline is near.
    const queued = await approveOperation([transfer(3n * USDC)], randomUUID(), 1, 'B');
    clock.advance(29_800);
    const approvals = await Promise.all(
      [slow, queued].map(async (id) => (await store.readStream(operationStream(id)))[1]),
    );
    await executor.handle(approvals);
    let expired = await status(queued);
    for (let i = 0; i < 100 && expired.status === 'working'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      expired = await status(queued);
    }
    expect(expired).toMatchObject({
      status: 'failed_before_effect',
      errorCode: 'LIFECYCLE_TIMEOUT',
      error: expect.stringMatching(/nothing was submitted$/),
    });
    expect((await status(slow)).status).toBe('working');
    expect(await sandbox.chain.receiptBySubmission(`${queued}:0`)).toBeNull();
    // The slow one lands (its own run settles or times out); the expired one is never submitted.
    clock.advance(3_600_000);
    await executor.drain();
    expect((await status(slow)).status).not.toBe('working');
    expect(await sandbox.chain.receiptBySubmission(`${queued}:0`)).toBeNull();
    expect(await received()).toBe(2n * USDC);
  });
});
