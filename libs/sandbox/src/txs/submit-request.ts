import { extend } from '@vetted/kernel';
import type { Network } from '@vetted/venues';
import type { FaultTarget } from '../faults/fault-plan';
import { encodeJson, sha256Hex } from '../store/json-codec';
import type { World } from '../world/world';
import type { SubmissionResult, TxKind } from './submissions';
import type { TxRecord } from './tx-log';

export interface Envelope {
  network: Network;
  from: string | null;
  to: string | null;
  faultTarget: FaultTarget | null;
  deadlineMs?: number;
}

/**
 * Queues a normalized request for the next group commit. Its canonical JSON is both what is
 * stored (to execute later, if it waits for a block) and, hashed, the identity of its payload.
 */
export function submitRequest<R extends { submissionId: string }>(
  world: World,
  kind: TxKind<R>,
  request: R,
  envelope: Envelope,
): Promise<SubmissionResult> {
  const requestJson = encodeJson(request);
  const submission = extend(envelope, {
    kind,
    submissionId: request.submissionId,
    request,
    requestJson,
    payloadHash: sha256Hex(requestJson),
    deadlineMs: envelope.deadlineMs ?? null,
  });
  return world.writes.run(() => world.submissions.submit(submission));
}

/** The record of a submission that must have one, or the error it ended in. */
export function settled(result: SubmissionResult): NonNullable<SubmissionResult['record']> {
  if (result.error) throw result.error;
  return result.record!;
}

/** A venue order's result as its port reports it: what the order produced, and the block it landed in. */
export function orderResult<T>(record: TxRecord): T {
  return extend(record.outcome!.result as object, { blockNumber: record.blockNumber }) as T;
}
