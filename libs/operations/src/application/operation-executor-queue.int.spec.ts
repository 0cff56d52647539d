import { randomUUID } from 'node:crypto';
import { loadState, operationStream } from '@vetted/event-store';
import { USDC_ADDRESSES } from '@vetted/sandbox';
import { type CapturedAction, operationDecider } from '../domain';
import { ETH, evm, USDC } from '../execution/testing/execution-sandbox';
import { operationExecutorFixture } from './testing/operation-executor-fixture';

/** The executor's queue per wallet and its 30 s deadline, against a real sandbox and event store. */
describe('OperationExecutor: one wallet at a time, and the deadline', () => {
  const fx = operationExecutorFixture();
  const { setUp } = fx;

  it('runs operations of one wallet one after another when approved together', async () => {
    const { executor, transfer, received, approveOperation } = await setUp();
    const ids: string[] = [];
    for (const amount of [1n, 2n, 3n]) ids.push(await approveOperation([transfer(amount * USDC)]));
    const approvals = await Promise.all(
      ids.map(async (id) => (await fx.store.readStream(operationStream(id)))[1]),
    );
    await executor.handle(approvals);
    await executor.drain();
    for (const id of ids)
      expect((await loadState(fx.store, operationStream(id), operationDecider)).status).toBe('done');
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
    const approval = async (id: string) => (await fx.store.readStream(operationStream(id)))[1];
    const [slowApproval, quickApproval] = [await approval(slow), await approval(quick)];
    const status = async (id: string) =>
      (await loadState(fx.store, operationStream(id), operationDecider)).status;
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
      types = (await fx.store.readStream(operationStream(operationId))).map((e) => e.type);
    }
    expect(types.slice(-2)).toEqual(['OperationFailed', 'LateReceiptRecorded']);
    await executor.onModuleDestroy();
  });

  it('fails a Shape B operation still queued behind its wallet at its 30 s deadline, submitting nothing', async () => {
    const { sandbox, clock, executor, transfer, approveOperation, received } = await setUp();
    const status = async (id: string) => loadState(fx.store, operationStream(id), operationDecider);
    // The wallet's earlier operation waits for a submission that lands an hour later.
    await sandbox.injectFault({ target: 'submission', mode: 'timeout', count: 1, landAfterSeconds: 3600 });
    const slow = await approveOperation([transfer(2n * USDC)]);
    // The Shape B one was approved 29.8 s ago (the approvals share `at`): its deadline is near.
    const queued = await approveOperation([transfer(3n * USDC)], randomUUID(), 1, 'B');
    clock.advance(29_800);
    const approvals = await Promise.all(
      [slow, queued].map(async (id) => (await fx.store.readStream(operationStream(id)))[1]),
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
      error: expect.stringMatching(
        /earlier operations of the wallet were still running\); nothing was submitted$/,
      ),
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

  it('fails a Shape B operation taken up only after its deadline (a restart) without blaming its wallet', async () => {
    const { clock, executor, transfer, approveOperation, received } = await setUp();
    const late = await approveOperation([transfer(3n * USDC)], randomUUID(), 1, 'B');
    // The service was down past the deadline: nothing of the wallet was running meanwhile.
    clock.advance(31_000);
    await executor.execute(late);
    expect(await loadState(fx.store, operationStream(late), operationDecider)).toMatchObject({
      status: 'failed_before_effect',
      errorCode: 'LIFECYCLE_TIMEOUT',
      error: expect.stringContaining('(the service took it up only after the deadline, as after a restart)'),
    });
    expect(await received()).toBe(0n);
  });
});
