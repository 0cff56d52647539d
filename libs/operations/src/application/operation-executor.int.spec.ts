import { accountDecider } from '@vetted/accounts';
import { accountStream, handleCommand, loadState, operationStream, walletStream } from '@vetted/event-store';
import { ProjectionRunner } from '@vetted/read-store';
import { USDC_ADDRESSES } from '@vetted/sandbox';
import { type CapturedAction, operationDecider, submissionIdOf } from '../domain';
import { ETH, USDC } from '../execution/testing/execution-sandbox';
import { operationsProjection } from '../read-model/operations/operations-projection';
import { operationExecutorFixture } from './testing/operation-executor-fixture';

/** The executor against a real sandbox and a real SQLite event store: every leg executes exactly once. */
describe('OperationExecutor', () => {
  const fx = operationExecutorFixture();
  const { setUp } = fx;

  it('executes every leg in order and reaches done', async () => {
    const { executor, transfer, operationId, approveWith, received, state } = await setUp();
    await approveWith([transfer(5n * USDC), transfer(7n * USDC)]);
    await executor.execute(operationId);
    expect((await state()).status).toBe('done');
    expect(await received()).toBe(12n * USDC);
    const events = (await fx.store.readStream(operationStream(operationId))).map((e) => e.type);
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
    const projections = new ProjectionRunner(fx.store, fx.readStore, [operationsProjection]);
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

  it("records what a leg moved on the owner's wallets before its settlement: a crash between them loses neither", async () => {
    const context = await setUp();
    const { executor, transfer, operationId, approveWith, received, state, to, at } = context;
    await handleCommand(fx.store, accountStream('u'), accountDecider, {
      type: 'SignUp',
      data: { userId: 'u', username: 'alice', wallets: [{ walletId: 1, family: 'evm', address: to }], at },
    });
    await approveWith([transfer(5n * USDC)]);
    // The wallet's first append fails, as a crash right before it would leave things.
    const append = fx.store.appendToStream.bind(fx.store);
    let crashed = false;
    const crash = jest
      .spyOn(fx.store, 'appendToStream')
      .mockImplementation(async (stream, events, options) => {
        if (stream !== walletStream(1) || crashed) return append(stream, events, options);
        crashed = true;
        throw new Error('the process died');
      });
    await expect(executor.execute(operationId)).rejects.toThrow('the process died');
    crash.mockRestore();
    // Whatever else was already on its way to the store lands (it had left the process).
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The leg is not recorded settled without the wallet's record: a restart settles it again.
    expect((await fx.store.readStream(operationStream(operationId))).map((e) => e.type)).not.toContain(
      'LegSettled',
    );
    await executor.execute(operationId);
    expect((await state()).status).toBe('done');
    expect(await received()).toBe(5n * USDC);
    const told = (await fx.store.readStream(walletStream(1))).filter(
      (e) => e.type === 'ServiceTransactionSettled',
    );
    expect(told.map((e) => (e.data as { submissionId: string }).submissionId)).toEqual([
      submissionIdOf(operationId, 0),
    ]);
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
      fx.store.appendToStream(accountStream('u'), events, { expectedRevision: 'any' });
    await account([
      { type: 'UserSignedUp', data: { userId: 'u', username: 'alice', at } },
      {
        type: 'WalletCreated',
        data: { userId: 'u', walletId: 1, family: 'evm', kind: 'regular', name: 'Main', address: from, at },
      },
    ]);
    const approvedAt = async (id: string) =>
      (await fx.store.readStream(operationStream(id))).find((e) => e.type === 'OperationApproved')!.position;
    // Approved (its account read before the archive), then the archive: it runs.
    const before = await approveOperation([transfer(5n * USDC)]);
    await account([{ type: 'WalletArchived', data: { userId: 'u', walletId: 1, at } }]);
    await executor.execute(before, { approvedAt: await approvedAt(before) });
    expect((await loadState(fx.store, operationStream(before), operationDecider)).status).toBe('done');
    // Approved on an account read before the archive, but recorded after it: nothing runs.
    const after = await approveOperation([transfer(7n * USDC)]);
    await executor.execute(after, { approvedAt: await approvedAt(after) });
    expect(await loadState(fx.store, operationStream(after), operationDecider)).toMatchObject({
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
});
