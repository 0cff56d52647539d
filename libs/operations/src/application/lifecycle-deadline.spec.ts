import { ManualClock } from '@vetted/kernel';
import type { CapturedAction } from '../domain';
import type { ExecutionPorts } from '../execution';
import { LIFECYCLE_DEADLINE_MS, knownOutcome } from './lifecycle-deadline';

describe('knownOutcome: how long a pending leg is waited for', () => {
  const action = { kind: 'chain', tx: { kind: 'transfer', network: 'base' } } as unknown as CapturedAction;
  /** A venue that has the submission pending for ever. */
  const ports = {
    chain: { receiptBySubmission: () => Promise.resolve({ status: 'pending', submittedAt: '' }) },
  } as unknown as ExecutionPorts;
  const wait = (clock: ManualClock, submittedAtMs: number | null) =>
    knownOutcome(
      action,
      'op:0',
      { kind: 'pending' },
      { clock, ports, submittedAtMs, engineDeadlineMs: null },
    );

  it('counts 30 s from the submission a resumed leg was found with: past them, it fails at once', async () => {
    const clock = new ManualClock();
    const submitted = clock.now().getTime() - LIFECYCLE_DEADLINE_MS - 1000;
    const started = Date.now();
    expect(await wait(clock, submitted)).toMatchObject({ kind: 'failed', code: 'LIFECYCLE_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(100);
  });

  it('starts the count no later than now, even when the venue says a later time', async () => {
    const clock = new ManualClock();
    // The sandbox's clock, moved an hour ahead by its admin: the wait is still 30 s of ours.
    const waiting = wait(clock, clock.now().getTime() + 3_600_000);
    await sleep(250);
    clock.advance(LIFECYCLE_DEADLINE_MS);
    const outcome = await Promise.race([waiting, sleep(1000).then(() => 'still waiting')]);
    // Whatever it did, nothing waits on after the test.
    clock.advance(7_200_000);
    await waiting;
    expect(outcome).toMatchObject({ kind: 'failed', code: 'LIFECYCLE_TIMEOUT' });
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
