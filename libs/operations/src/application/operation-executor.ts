import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { Consumer, EventStore, Position, RecordedEvent } from '@vetted/event-store';
import {
  type UnrecordedSettlement,
  type UnrecordedSettlements,
  accountDecider,
  observationDecider,
} from '@vetted/accounts';
import {
  EVENT_STORE,
  accountStream,
  handleCommand,
  loadState,
  operationStream,
  walletStream,
} from '@vetted/event-store';
import { CLOCK, extend, type Clock } from '@vetted/kernel';
import { READ_STORE, type Collection, type ReadStore } from '@vetted/read-store';
import type { OperationDocument } from '../read-model/operations/operation-document';
import { operationsCollection } from '../read-model/operations/operations-projection';
import type {
  ChainClient,
  Network,
  PerpVenue,
  PredictionVenue,
  SwapQuoter,
  TokenDirectory,
} from '@vetted/venues';
import { CHAIN_CLIENT, PERP_VENUE, PREDICTION_VENUE, SWAP_QUOTER, TOKEN_DIRECTORY } from '@vetted/venues';
import {
  type CapturedAction,
  type LegReceipt,
  type OperationCommand,
  type OperationState,
  operationDecider,
  submissionIdOf,
} from '../domain';
import { executeLeg, type ExecutionPorts, type LegOutcome, reconcileLeg } from '../execution';
import { ExecutionQueue, type Held } from './execution-queue';
import { InFlightLegs } from './in-flight-legs';
import { LIFECYCLE_DEADLINE_MS, engineDeadline, knownOutcome } from './lifecycle-deadline';
import { legRefusal } from './leg-refusal';
import { LateReceiptWatches } from './late-receipt-watches';
import { unfinishedLegs } from './unfinished-legs';
import { walletDeltas } from './wallet-deltas';

/** How a leg's run ended: see `runLeg`. */
type LegEnd = 'refused' | 'settled' | 'failed' | 'watched';

/**
 * The process manager that executes approved operations, leg after leg. It records its intent
 * (`LegSubmitted`, with the deterministic submission id) before submitting, and on redelivery
 * after a crash it first looks a submitted leg up by that id: a known submission is only
 * reconciled, an unknown one is submitted again under the same id, so no leg ever executes
 * twice. The decider turns leg outcomes into terminal states.
 */
@Injectable()
export class OperationExecutor implements Consumer, UnrecordedSettlements, OnModuleDestroy {
  readonly name = 'operation-executor';
  readonly canHandle = ['OperationApproved'] as const;
  private readonly logger = new Logger('OperationExecutor');
  private readonly ports: ExecutionPorts;
  private readonly queue = new ExecutionQueue((error) =>
    this.logger.error(`an execution failed; executions stop until a restart: ${String(error)}`),
  );
  private readonly inFlight = new InFlightLegs();
  private readonly lateReceipts: LateReceiptWatches;
  private closed = false;
  private readonly operations: Collection<OperationDocument>;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_STORE) readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CHAIN_CLIENT) chain: ChainClient,
    @Inject(PERP_VENUE) perps: PerpVenue,
    @Inject(PREDICTION_VENUE) predict: PredictionVenue,
    @Inject(SWAP_QUOTER) quoter: SwapQuoter,
    @Inject(TOKEN_DIRECTORY) tokens: TokenDirectory,
  ) {
    this.ports = { chain, perps, predict, quoter, tokens };
    this.operations = readStore.collection(operationsCollection);
    this.lateReceipts = new LateReceiptWatches(
      this.ports,
      this.inFlight,
      (operationId, userId, leg, found, action) =>
        this.recordLateReceipt(operationId, userId, leg, found, action),
      (operationId, leg, { code, error }) =>
        this.record(operationId, {
          type: 'RecordLateDrop',
          data: { leg, submissionId: submissionIdOf(operationId, leg), code, error, at: this.now() },
        }),
      this.logger,
    );
  }

  /**
   * Hands each approval to the queue and returns: operations of one paying wallet run one after
   * another in approval order, those of different wallets at once, and a slow one (a leg waiting
   * for an unknown outcome, up to the lifecycle deadline) holds up only its own wallet. The runner
   * checkpoints only as far as executions have finished.
   */
  async handle(events: readonly RecordedEvent[]): Promise<void> {
    this.queue.check();
    for (const event of events) {
      if (this.closed) {
        this.queue.leave(event.position);
        continue;
      }
      const operationId = (event.data as { operationId: string }).operationId;
      const state = await loadState(this.store, operationStream(operationId), operationDecider);
      const walletId = state.status === 'none' ? -1 : state.op.walletId;
      this.queue.add(
        event.position,
        walletId,
        this.queued(operationId, event.position, engineDeadline(state)),
      );
    }
  }

  /**
   * The queued execution of an approval. A Shape B operation still waiting for its wallet's earlier
   * operations at its lifecycle deadline is not held any longer: at the deadline it is executed out
   * of turn as expired, which submits nothing (its first leg is only looked up, in case an earlier
   * run submitted it) and fails it with LIFECYCLE_TIMEOUT, so its synchronous approve answers.
   */
  private queued(
    operationId: string,
    approvedAt: Position,
    deadline: number | null,
  ): () => Promise<Held | void> {
    let started = false;
    let expiry: Promise<Held | void> | null = null;
    const timer =
      deadline === null
        ? null
        : setTimeout(
            () => {
              if (started) return;
              expiry = this.execute(operationId, { expired: true, approvedAt });
              expiry.catch(() => undefined); // the queued run awaits it, and reports a failure
            },
            Math.max(0, deadline - this.clock.now().getTime()),
          ).unref();
    return async () => {
      if (timer) clearTimeout(timer);
      if (expiry) return expiry;
      started = true;
      return this.execute(operationId, { approvedAt });
    };
  }

  finishedThrough(delivered: Position): Position | undefined {
    return this.queue.finishedThrough(delivered);
  }

  /** Waits for the executions started (the runner calls it when it stops). */
  drain(): Promise<void> {
    return this.queue.drain();
  }

  /** Why executions stopped, if one failed: readiness says so at once, not at the next approval. */
  failure(): unknown {
    return this.queue.failed;
  }

  /**
   * Runs (or resumes) every leg of a working operation until it reaches a terminal state. `expired`:
   * its lifecycle deadline has passed (see `queued`), so no leg is submitted any more. `approvedAt`:
   * where its approval is in `$all`, against which an archive of its wallets is ordered.
   */
  async execute(
    operationId: string,
    options: { expired?: boolean; approvedAt?: Position } = {},
  ): Promise<Held | void> {
    /** The leg whose intent this run recorded itself: nothing to look up before submitting it. */
    let recordedIntent = -1;
    for (;;) {
      const state = await loadState(this.store, operationStream(operationId), operationDecider);
      if (state.status !== 'working') return this.lateReceiptWatch(operationId, state);
      const leg = state.legs.findIndex((l) => l.status !== 'settled');
      const index = leg === -1 ? state.legs.length : leg;
      const action = state.op.actions[index];
      if (!action) return;
      const submissionId = submissionIdOf(operationId, index);
      this.inFlight.add(submissionId, state.op.userId, action);
      let end: LegEnd | null = null;
      try {
        end = await this.runLeg(state, index, submissionId, recordedIntent === index, options);
      } finally {
        // Settled and told to the wallets, failed, or handed to the late receipt's watch.
        if (end !== 'watched') this.inFlight.delete(submissionId);
      }
      if (end === 'refused') return;
      if (end === 'settled') recordedIntent = index + 1;
    }
  }

  /**
   * Runs one leg of a working operation to its recorded end: refused before submission, settled
   * (its wallets told, the next leg's intent recorded with it), or failed (watched for a late
   * receipt when its outcome was unknown at the deadline).
   */
  private async runLeg(
    state: Extract<OperationState, { status: 'working' }>,
    index: number,
    submissionId: string,
    /** This run recorded the leg's intent itself: nothing to look up before submitting it. */
    ownIntent: boolean,
    options: { expired?: boolean; approvedAt?: Position },
  ): Promise<LegEnd> {
    const operationId = state.op.operationId;
    const action = state.op.actions[index];
    const intentRecorded = state.legs[index]?.status === 'submitted';
    // A recorded intent may have been submitted before a crash: the venue is asked first.
    let outcome: LegOutcome | null =
      intentRecorded && !ownIntent ? await reconcileLeg(action, submissionId, this.ports) : null;
    const refused =
      outcome === null
        ? await legRefusal(state, index, options, {
            store: this.store,
            ports: this.ports,
            clock: this.clock,
          })
        : null;
    if (refused) {
      const { code, error, effect } = refused;
      await this.record(operationId, {
        type: 'RecordLegFailed',
        data: {
          leg: index,
          submissionId: intentRecorded ? submissionId : null,
          code,
          error,
          effect,
          at: this.now(),
        },
      });
      return 'refused';
    }
    if (!intentRecorded)
      await this.record(operationId, {
        type: 'RecordLegSubmitted',
        data: { leg: index, submissionId, at: this.now() },
      });
    // A leg found pending when resumed (a restart) keeps the deadline of its submission.
    const resumedSince = outcome?.kind === 'pending' ? outcome.submittedAt : undefined;
    outcome ??= await executeLeg(action, submissionId, this.ports, { deadlineMs: LIFECYCLE_DEADLINE_MS });
    outcome = await knownOutcome(action, submissionId, outcome, {
      clock: this.clock,
      ports: this.ports,
      submittedAtMs: resumedSince === undefined ? null : Date.parse(resumedSince),
      engineDeadlineMs: engineDeadline(state),
    });
    if (outcome.kind === 'settled') {
      const receipt = this.described(outcome.receipt, action);
      const next = index + 1 < state.op.actions.length ? submissionIdOf(operationId, index + 1) : undefined;
      // The wallets learn what the leg moved before the leg is recorded settled: a crash between
      // the two leaves the leg to be reconciled and settled again, and the wallets learn it once
      // (keyed by the submission id). Issued at once, the two shared a commit only when neither
      // conflicted: settlements meeting on one wallet's stream retried into a later commit, and a
      // crash before it lost the wallet's record for good (found by a probe).
      await this.tellWallets(state.op.userId, submissionId, receipt);
      await this.record(operationId, {
        type: 'RecordLegSettled',
        data: { leg: index, submissionId, receipt, at: this.now(), nextSubmissionId: next },
      });
      return 'settled';
    }
    // `settled` waits out every unknown outcome: what is left is settled or failed.
    if (outcome.kind !== 'failed') throw new Error(`leg ${submissionId} ended ${outcome.kind}`);
    this.logger.warn(`operation ${operationId} leg ${index}: ${outcome.code} ${outcome.error}`);
    await this.record(operationId, {
      type: 'RecordLegFailed',
      data: {
        leg: index,
        submissionId,
        code: outcome.code,
        error: outcome.error,
        effect: outcome.effect,
        at: this.now(),
      },
    });
    // Unknown at the deadline: the transaction may still settle, and is then recorded.
    if (outcome.code !== 'LIFECYCLE_TIMEOUT' && outcome.code !== 'SUBMISSION_UNCERTAIN') return 'failed';
    void this.lateReceipts.watch(operationId, state.op.userId, index, action);
    return 'watched';
  }

  /**
   * The user's legs in flight that have landed, with what they moved for `address`: a balance
   * observation asks after its read (`UnrecordedSettlements`). A leg settled meanwhile is either
   * found here or already recorded on the wallet's stream (it leaves the set only after that).
   * In flight: the legs this executor runs, and those the operations read model shows submitted
   * and not settled, which it is not running (yet): after a restart, until it resumes them, or
   * when another process executes.
   */
  async landedUnrecorded(userId: string, address: string): Promise<UnrecordedSettlement[]> {
    const legs = new Map(this.inFlight.of(userId));
    for (const leg of await unfinishedLegs(this.operations, userId))
      if (leg.submissionId !== null && !legs.has(leg.submissionId)) legs.set(leg.submissionId, leg.action);
    const found: UnrecordedSettlement[] = [];
    for (const [submissionId, action] of legs) {
      const outcome = await reconcileLeg(action, submissionId, this.ports).catch(() => null);
      if (outcome?.kind !== 'settled') continue;
      const deltas = walletDeltas(outcome.receipt, address);
      if (deltas.length > 0) found.push({ submissionId, deltas });
    }
    return found;
  }

  /**
   * The watch for the late receipt of a failed operation's leg whose outcome was unknown at the
   * deadline, if it has one: the running one, or, when the approval is delivered again after a
   * restart (its watch had not ended, so it was not checkpointed), a new one. Held by the queue, so
   * the approval is checkpointed only once the watch has ended for good.
   */
  private lateReceiptWatch(operationId: string, state: OperationState): Held | void {
    if (state.status !== 'failed') return;
    const leg = state.legs.findIndex(
      (l) =>
        l.status === 'failed' &&
        l.effect === 'possible' &&
        l.submissionId !== null &&
        (l.code === 'LIFECYCLE_TIMEOUT' || l.code === 'SUBMISSION_UNCERTAIN'),
    );
    if (leg === -1) return;
    return { until: this.lateReceipts.watch(operationId, state.op.userId, leg, state.op.actions[leg]) };
  }

  /** A receipt found after the deadline: told to the wallets, then recorded on the failed operation. */
  private async recordLateReceipt(
    operationId: string,
    userId: string,
    leg: number,
    found: LegReceipt,
    action: CapturedAction,
  ): Promise<void> {
    const submissionId = submissionIdOf(operationId, leg);
    const receipt = this.described(found, action);
    await this.tellWallets(userId, submissionId, receipt);
    await this.record(operationId, {
      type: 'RecordLateReceipt',
      data: { leg, submissionId, receipt, at: this.now() },
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    await this.lateReceipts.close();
  }

  /**
   * Tells the owner's wallets what this leg moved, so a balance observation never reports the
   * service's own transaction as unexplained. Recorded before the leg's settlement (or late
   * receipt), keyed by the submission id, so a replay after a crash records it once.
   */
  private async tellWallets(userId: string, submissionId: string, receipt: LegReceipt): Promise<void> {
    const account = await loadState(this.store, accountStream(userId), accountDecider);
    if (account.status !== 'active') return;
    await Promise.all(
      [...account.wallets.values()].map((wallet) => {
        const deltas = wallet.address === null ? [] : walletDeltas(receipt, wallet.address);
        if (deltas.length === 0) return null;
        return handleCommand(this.store, walletStream(wallet.id), observationDecider, {
          type: 'RecordServiceTransaction',
          data: { walletId: wallet.id, submissionId, deltas, at: this.now() },
        });
      }),
    );
  }

  /**
   * The receipt as recorded: with its leg's kind (for the activity item's references), and each
   * movement's symbol and decimals (so activity items can show exact amounts).
   */
  private described(receipt: LegReceipt, action: CapturedAction): LegReceipt {
    return extend(receipt, {
      legKind: action.kind === 'chain' ? action.tx.kind : action.kind,
      transfers: receipt.transfers.map((t) => {
        const info = this.ports.tokens.tokenInfo({ network: t.network as Network, token: t.token });
        return info ? extend(t, { symbol: info.symbol, decimals: info.decimals }) : t;
      }),
    });
  }

  private async record(operationId: string, command: OperationCommand): Promise<void> {
    await handleCommand(this.store, operationStream(operationId), operationDecider, command);
  }

  private now(): string {
    return this.clock.now().toISOString();
  }
}
