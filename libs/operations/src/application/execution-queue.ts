import type { Position } from '@vetted/event-store';

/**
 * The executor's work in flight. Operations of one paying wallet run one after another, in
 * approval order (two swaps of one wallet would otherwise race on its allowance and its nonce);
 * those of different wallets run at once, and none waits for work it does not depend on: a leg
 * waiting up to the lifecycle deadline for an unknown outcome holds up only its own wallet.
 *
 * Approvals are handed over as they are delivered, and `handle` returns without waiting for them,
 * so the subscription goes on. The queue knows how far the work is finished, and the runner
 * checkpoints there: a restart redelivers every approval whose execution had not finished (an
 * execution resumes from the operation's events, so a redelivered finished one does nothing).
 */
/**
 * What an approval's work may leave running once its wallet is free again (a watch for a late
 * receipt): the approval counts as finished only when `until` resolves true, so a restart meanwhile
 * redelivers it (false: abandoned, the process is stopping).
 */
export interface Held {
  until: Promise<boolean>;
}

export class ExecutionQueue {
  /** Handed-over approvals in delivery order, until they and all before them are finished. */
  private readonly unfinished: { position: Position; done: boolean }[] = [];
  /** The last approval that, with every one before it, is finished (since the queue last emptied). */
  private finished: Position | undefined;
  /** The last work started per wallet: the next one of that wallet starts after it. */
  private readonly tails = new Map<number, Promise<void>>();
  private failure: { error: unknown } | null = null;

  /** `onFailure` hears of a failure at once (the subscription fails only at its next delivery). */
  constructor(private readonly onFailure: (error: unknown) => void = () => {}) {}

  /**
   * Runs `work` once the wallet's earlier work has ended. A failure is kept for `check` and stops
   * the queue: no later work starts, and the checkpoint stays before the failed approval.
   */
  add(position: Position, walletId: number, work: () => Promise<Held | void>): void {
    const entry = this.track(position);
    const run = (this.tails.get(walletId) ?? Promise.resolve())
      .then(async () => {
        if (this.failure !== null) return;
        const held = await work();
        // The wallet's next work starts now; what the approval holds ends on its own.
        if (!held) this.finish(entry);
        else
          void held.until.then(
            (finished) => finished && this.finish(entry),
            () => undefined,
          );
      })
      .catch((error: unknown) => {
        if (this.failure !== null) return;
        this.failure = { error };
        this.onFailure(error);
      })
      .finally(() => {
        if (this.tails.get(walletId) === run) this.tails.delete(walletId);
      });
    this.tails.set(walletId, run);
  }

  /** Why the queue stopped (null: it did not). */
  get failed(): unknown {
    return this.failure === null ? null : this.failure.error;
  }

  /** An approval this process will not work on (it is stopping): the checkpoint stays before it. */
  leave(position: Position): void {
    this.track(position);
  }

  /**
   * Where the runner may checkpoint, having delivered through `delivered`: there when nothing is
   * unfinished, else at the last approval finished with all before it (undefined: none since the
   * queue last emptied, so the checkpoint stays where it is).
   */
  finishedThrough(delivered: Position): Position | undefined {
    return this.unfinished.length === 0 ? delivered : this.finished;
  }

  private finish(entry: { position: Position; done: boolean }): void {
    entry.done = true;
    while (this.unfinished[0]?.done) this.finished = this.unfinished.shift()!.position;
  }

  /** A handed-over approval, unfinished until its work is done. */
  private track(position: Position): { position: Position; done: boolean } {
    if (this.unfinished.length === 0) this.finished = undefined;
    const entry = { position, done: false };
    this.unfinished.push(entry);
    return entry;
  }

  /** Throws the first failure of the work, so the subscription fails as when handling threw. */
  check(): void {
    if (this.failure !== null) throw this.failure.error;
  }

  /** Resolves once every work started has ended. */
  async drain(): Promise<void> {
    while (this.tails.size > 0) await Promise.all(this.tails.values());
  }
}
