import type { Network, VenueError } from '@vetted/venues';
import {
  SubmissionConflict,
  SubmissionRejected,
  SubmissionTimeout,
  SubmissionUncertain,
  isEvmNetwork,
} from '@vetted/venues';
import type { FaultPlan, FaultTarget } from '../faults/fault-plan';
import { decodeJson } from '../store/json-codec';
import { txHashOfKey } from '../world/deterministic';
import type { WorldClock } from '../world/world-clock';
import type { Blocks } from './blocks';
import type { TxLog, TxOutcome, TxRecord } from './tx-log';

export interface TxContext {
  hash: string;
  network: Network;
  nonce: number | null;
  /** Sandbox time of execution: the block's time. */
  nowMs: number;
}

/** How one kind of submission behaves. */
export interface TxKind<R> {
  kind: string;
  /** Venue orders execute at submission whatever the block time. */
  settlesAtOnce: boolean;
  /** Whether the sender's nonce advances (EVM networks only). */
  usesNonce: boolean;
  /** Checks the request against the world as it is now; throws `SubmissionRejected` (nothing is recorded). */
  preflight(request: R, nowMs: number): void;
  /** Applies the request at settlement (now, or when its block comes). Throws only on a bug. */
  execute(request: R, context: TxContext): TxOutcome;
  /**
   * What makes two submissions one transaction on the chain, where submission ids do not (a Solana
   * transaction's message, whose signature is its id): another submission with the identity of a
   * recorded transaction is refused as `already_processed`, unless that one was dropped.
   */
  identity?(request: R): string | null;
}

export interface NewSubmission<R> {
  kind: TxKind<R>;
  submissionId: string;
  network: Network;
  from: string | null;
  to: string | null;
  request: R;
  /** The canonical encoding of `request`, and its hash: the identity of the payload. */
  requestJson: string;
  payloadHash: string;
  faultTarget: FaultTarget | null;
  deadlineMs: number | null;
}

export interface SubmissionResult {
  /** Null when nothing was recorded (an injected rejection). */
  record: TxRecord | null;
  /** To throw at the caller once the write has committed. */
  error: VenueError | null;
}

/**
 * The one road into the world for anything that moves value: idempotent by submission id,
 * subject to injected faults, settled at once or when its block comes.
 */
export class Submissions {
  private readonly kinds = new Map<string, TxKind<unknown>>();
  private nextDue: number | null;

  constructor(
    private readonly log: TxLog,
    private readonly blocks: Blocks,
    private readonly faults: FaultPlan,
    private readonly clock: WorldClock,
  ) {
    this.nextDue = log.nextDueMs();
  }

  register<K extends TxKind<never>>(kind: K): K {
    this.kinds.set(kind.kind, kind as unknown as TxKind<unknown>);
    return kind;
  }

  reload(): void {
    this.log.reload();
    this.nextDue = this.log.nextDueMs();
  }

  /** Inside a write: runs one submission. */
  submit<R>(submission: NewSubmission<R>): SubmissionResult {
    const { submissionId, kind } = submission;
    const key = this.log.keyOf(submissionId);
    const existing = this.log.byKey(key, submissionId);
    if (existing) {
      if (existing.payloadHash !== submission.payloadHash) throw new SubmissionConflict(submissionId);
      return { record: existing, error: null };
    }
    const nowMs = this.clock.nowMs();
    // A fault is used up by the next call it targets, whatever the world then makes of the call: one
    // the chain refuses (an allowance spent since the review) had left it armed for the next,
    // unrelated operation (found by a probe). A refusal is returned, not thrown, so that the write
    // keeps the fault's use.
    const fault = submission.faultTarget ? this.faults.take(submission.faultTarget) : null;
    if (fault && (fault.mode === 'reject' || fault.mode === 'fail'))
      return {
        record: null,
        error: new SubmissionRejected(
          'injected_fault',
          `submission ${submissionId} was rejected`,
          submissionId,
        ),
      };
    const identity = kind.identity?.(submission.request) ?? null;
    try {
      // The request as such first: an expired blockhash is refused as expired (Solana remembers a
      // transaction only while its blockhash is valid).
      kind.preflight(submission.request, nowMs);
      const processed = identity === null ? null : this.log.hashOfIdentity(identity);
      if (processed !== null)
        throw new SubmissionRejected(
          'already_processed',
          `this transaction has already been processed: it is ${processed}`,
          submissionId,
        );
    } catch (error) {
      if (fault === null || !(error instanceof SubmissionRejected)) throw error;
      return { record: null, error };
    }

    let settlesMs = kind.settlesAtOnce ? nowMs : this.blocks.settlesAt(nowMs);
    if (fault?.mode === 'timeout' && !kind.settlesAtOnce)
      settlesMs = this.blocks.settlesNoEarlierThan(nowMs + fault.landAfterSeconds * 1000);

    const hash = txHashOfKey(submission.network, key);
    const counted = kind.usesNonce && submission.from !== null && isEvmNetwork(submission.network);
    const nonce = counted ? this.blocks.takeNonce(submission.network, submission.from!) : null;
    const base: Omit<TxRecord, 'seq'> = {
      key,
      hash,
      submissionId,
      payloadHash: submission.payloadHash,
      network: submission.network,
      kind: kind.kind,
      from: submission.from,
      to: submission.to,
      status: 'pending',
      nonce,
      blockNumber: null,
      blockMs: null,
      submittedMs: nowMs,
      settlesMs,
      requestJson: submission.requestJson,
      outcome: null,
    };

    let record: TxRecord;
    if (settlesMs <= nowMs) {
      const outcome = kind.execute(submission.request, { hash, network: submission.network, nonce, nowMs });
      const block = this.blockOf(outcome, submission.network, nowMs, this.log.peekSeq());
      record = this.log.insert(Object.assign({}, base, { status: outcome.status }, block, { outcome }));
    } else {
      record = this.log.insert(base);
      if (this.nextDue === null || settlesMs < this.nextDue) this.nextDue = settlesMs;
    }
    if (identity !== null && record.status !== 'dropped') this.log.claimIdentity(identity, hash);

    let error: VenueError | null = null;
    if (fault?.mode === 'uncertain') error = new SubmissionUncertain(submissionId);
    else if (fault?.mode === 'timeout') error = new SubmissionTimeout(submissionId, submission.deadlineMs);
    return { record, error };
  }

  /** Whether some pending submission's block has come (cheap: no query). */
  hasDue(nowMs: number): boolean {
    return this.nextDue !== null && this.nextDue <= nowMs;
  }

  /** Inside a write: settles every pending submission whose block has come, oldest first. */
  settleDue(nowMs: number): void {
    if (!this.hasDue(nowMs)) return;
    for (const record of this.log.due(nowMs)) {
      const kind = this.kinds.get(record.kind);
      if (!kind) throw new Error(`no handler for pending ${record.kind} ${record.hash}`);
      const request = decodeJson<unknown>(record.requestJson!);
      const at = record.settlesMs;
      const context = { hash: record.hash, network: record.network, nonce: record.nonce, nowMs: at };
      const outcome = kind.execute(request, context);
      const block = this.blockOf(outcome, record.network, at, record.seq);
      this.log.settle(record, outcome, block.blockNumber, block.blockMs);
      const identity = outcome.status === 'dropped' ? (kind.identity?.(request) ?? null) : null;
      if (identity !== null) this.log.releaseIdentity(identity);
    }
    this.nextDue = this.log.nextDueMs();
  }

  /**
   * A dropped transaction never makes it into a block. A landed one's movements on other networks
   * (a cross-chain delivery) land in a block of theirs at the same time, which they name.
   */
  private blockOf(
    outcome: TxOutcome,
    network: Network,
    ms: number,
    seq: number,
  ): { blockNumber: number | null; blockMs: number | null } {
    if (outcome.status === 'dropped') return { blockNumber: null, blockMs: null };
    const elsewhere = new Map<Network, number>();
    for (const movement of outcome.transfers) {
      if (movement.network === network) continue;
      let block = elsewhere.get(movement.network);
      if (block === undefined) {
        block = this.blocks.landDelivery(movement.network, ms, seq);
        elsewhere.set(movement.network, block);
      }
      movement.blockNumber = block;
    }
    return { blockNumber: this.blocks.land(network, ms, seq), blockMs: ms };
  }
}
