import type { Logger } from '@nestjs/common';
import { type CapturedAction, submissionIdOf } from '../domain';
import { type ExecutedReceipt, type ExecutionPorts, reconcileLeg } from '../execution';
import type { InFlightLegs } from './in-flight-legs';

/** After a lifecycle timeout, how long a leg's receipt is looked for (real time). */
const LATE_RECEIPT_WATCH_MS = 10 * 60_000;
const LATE_RECEIPT_POLL_MS = 1_000;

/** Records a receipt found late: on the owner's wallets and the failed operation. */
export type RecordLateReceipt = (
  operationId: string,
  userId: string,
  leg: number,
  receipt: ExecutedReceipt,
  action: CapturedAction,
) => Promise<void>;

/** Records that a leg found late was dropped: it never executed and will not. */
export type RecordLateDrop = (
  operationId: string,
  leg: number,
  failure: { code: string; error: string },
) => Promise<void>;

/**
 * A leg cut off by the lifecycle deadline may still settle: its receipt is looked up by the
 * submission id for a while longer and recorded on the failed operation (never re-deciding its
 * outcome, never resubmitting). A leg the chain dropped (it never executed and will not: a Solana
 * transaction whose blockhash expired) is recorded as such, so the operation stops saying that it
 * may still land. Each watch resolves true once it ends for good (recorded, or it ran its time),
 * false when a shutdown stopped it: the approval then stays unfinished (see `Held`), and the next
 * process watches again. A watched leg stays in flight for balance observations until its watch
 * ends.
 */
export class LateReceiptWatches {
  private readonly running = new Map<string, Promise<boolean>>();
  private closed = false;

  constructor(
    private readonly ports: ExecutionPorts,
    private readonly inFlight: InFlightLegs,
    private readonly recordReceipt: RecordLateReceipt,
    private readonly recordDrop: RecordLateDrop,
    private readonly logger: Logger,
  ) {}

  /** The running watch of the operation's leg, or a new one. */
  watch(operationId: string, userId: string, leg: number, action: CapturedAction): Promise<boolean> {
    const submissionId = submissionIdOf(operationId, leg);
    const running = this.running.get(submissionId);
    if (running) return running;
    this.inFlight.add(submissionId, userId, action);
    const until = Date.now() + LATE_RECEIPT_WATCH_MS;
    const watch = (async () => {
      try {
        while (!this.closed && Date.now() < until) {
          await new Promise((resolve) => setTimeout(resolve, LATE_RECEIPT_POLL_MS).unref());
          if (this.closed) return false;
          const found = await reconcileLeg(action, submissionId, this.ports).catch(() => null);
          if (found?.kind === 'failed' && found.effect === 'none') {
            await this.recordDrop(operationId, leg, found);
            return true;
          }
          if (found?.kind !== 'settled') continue;
          await this.recordReceipt(operationId, userId, leg, found.receipt, action);
          return true;
        }
        return !this.closed;
      } finally {
        this.inFlight.delete(submissionId);
      }
    })().catch((error: unknown) => {
      this.logger.error(`late receipt of ${submissionId}: ${String(error)}`);
      return false;
    });
    this.running.set(submissionId, watch);
    void watch.finally(() => this.running.delete(submissionId));
    return watch;
  }

  /** Stops every watch (each resolves false) and waits for them. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.running.values());
  }
}
