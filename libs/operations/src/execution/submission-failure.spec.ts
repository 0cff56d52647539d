import {
  SubmissionConflict,
  SubmissionRejected,
  SubmissionTimeout,
  SubmissionUncertain,
} from '@vetted/venues';
import { submissionFailure } from './submission-failure';

/** Operation errors reach the public feed: they name a leg, never the submission id (`<operationId>:<leg>`). */
describe('submissionFailure', () => {
  const operationId = '3debe9d5-fed2-5d61-8bf5-f8af6b379722';
  const id = `${operationId}:1`;

  it.each([
    [
      new SubmissionRejected('injected_fault', `submission ${id} was rejected`, id),
      'the submission of leg 1 was rejected (injected_fault)',
    ],
    [new SubmissionUncertain(id), 'the outcome of the submission of leg 1 is unknown'],
    [new SubmissionTimeout(id, 30_000), 'Provider: the submission of leg 1 got no answer within 30000 ms'],
    [new SubmissionConflict(id), 'the submission id of leg 1 was already used with a different payload'],
  ])('words %s by its leg', (error, wording) => {
    const failure = submissionFailure(error);
    expect(failure.kind === 'failed' && failure.error).toContain(wording);
    expect(JSON.stringify(failure)).not.toContain(operationId);
  });

  it('keeps a message that names no submission as it is', () => {
    const failure = submissionFailure(new SubmissionRejected('insufficient_funds', 'not enough ETH for gas'));
    expect(failure).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      error: 'not enough ETH for gas (insufficient_funds)',
    });
  });
});
