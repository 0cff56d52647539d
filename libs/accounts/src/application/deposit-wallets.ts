import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventMetadata, EventStore, Position } from '@vetted/event-store';
import { EVENT_STORE, accountStream, allocateNumbers, loadState } from '@vetted/event-store';
import { CLOCK, type Clock, ServiceError } from '@vetted/kernel';
import type { PredictionVenue } from '@vetted/venues';
import { PREDICTION_VENUE } from '@vetted/venues';
import { accountDecider } from '../domain/account-decider';
import { AccountNotFound } from '../domain/errors';
import { type DepositWallet, depositWalletOf } from '../domain/state';
import type { AccountOutcome } from './account-streams';
import { handleAccountCommand } from './account-streams';

export class CreateDepositWalletCommand {
  constructor(
    readonly userId: string,
    readonly controllerWalletId: number,
    readonly idempotencyKey: string | null,
    readonly metadata: EventMetadata,
  ) {}
}

export interface DepositWalletOutcome {
  walletId: number;
  /** This request deployed it (201); otherwise it existed (200). */
  created: boolean;
  /** The same idempotency key was seen before. */
  replayed: boolean;
  outcome: AccountOutcome;
}

/**
 * 502: the venue could not deploy the deposit wallet; the body carries its error. `position`: where
 * the failure is recorded, so the answer can name it (`X-Event-Position`) as a success would.
 */
export class DepositWalletFailed extends ServiceError {
  constructor(
    detail: string,
    readonly position: Position | null,
  ) {
    super(
      502,
      'DEPOSIT_WALLET_FAILED',
      `the prediction venue could not deploy the deposit wallet: ${detail}`,
    );
  }
}

/**
 * Deploys the prediction venue's deposit wallet for one of the caller's EVM wallets. The request
 * is recorded before the venue is called, the venue deploys idempotently per controller, and the
 * result is recorded after; so a duplicate delivery (same key) returns the same account, a retry
 * after a crash finishes the deployment, a failed key keeps answering its failure (a new key tries
 * again), and an already deployed controller skips deployment. A deployment whose outcome the venue
 * could not tell (uncertain, timed out) is looked up before it is recorded as failed.
 */
@CommandHandler(CreateDepositWalletCommand)
export class CreateDepositWalletHandler implements ICommandHandler<
  CreateDepositWalletCommand,
  DepositWalletOutcome
> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PREDICTION_VENUE) private readonly venue: PredictionVenue,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Per user and key: the last request with it still running here (settled, never rejecting). */
  private readonly running = new Map<string, Promise<unknown>>();

  /**
   * Requests with one key run one after another: a duplicate delivered while the first still waits
   * for the venue answers what the first recorded, and never calls the venue itself. Concurrent
   * replays had each deployed, so under a failing venue one key answered 201, 502 and 200 at once
   * and recorded both a failure and a deployment. (After a crash there is nobody to wait for: the
   * retry finishes the deployment, as before.)
   */
  execute(command: CreateDepositWalletCommand): Promise<DepositWalletOutcome> {
    if (command.idempotencyKey === null) return this.deploy(command);
    const key = `${command.userId}\n${command.idempotencyKey.toLowerCase()}`;
    const previous = this.running.get(key) ?? Promise.resolve();
    const mine = previous.then(() => this.deploy(command));
    const settled = mine.then(
      () => undefined,
      () => undefined,
    );
    this.running.set(key, settled);
    void settled.then(() => {
      if (this.running.get(key) === settled) this.running.delete(key);
    });
    return mine;
  }

  private async deploy({
    userId,
    controllerWalletId,
    idempotencyKey,
    metadata,
  }: CreateDepositWalletCommand): Promise<DepositWalletOutcome> {
    const before = await loadState(this.store, accountStream(userId), accountDecider);
    if (before.status !== 'active') throw new AccountNotFound();
    const known = depositWalletOf(before, controllerWalletId);
    const [freshId] = known ? [known.id] : await allocateNumbers(this.store, 'wallet', 1);

    const requested = await handleAccountCommand(
      this.store,
      userId,
      {
        type: 'RequestDepositWallet',
        data: { walletId: freshId, controllerWalletId, idempotencyKey, at: this.now() },
      },
      metadata,
    );
    const state = requested.state;
    if (state.status !== 'active') throw new AccountNotFound();
    const wallet = depositWalletOf(state, controllerWalletId) as DepositWallet;
    // Deployed before this request's command: whatever it recorded, it deployed nothing.
    const foundDeployed = wallet.address !== null;
    // A replay is decided on the stream as this request's own command found it: the key was
    // recorded before (also by a concurrent request), not by this request.
    const recordedKey = requested.newEvents.length > 0;
    const replayed = idempotencyKey !== null && !recordedKey && wallet.attempts.has(idempotencyKey);
    /**
     * 201 for the request that deployed it: it recorded the deployment, or it recorded the key
     * under which a replay of it recorded the deployment first. Every other request (another key
     * or none, racing it) finds the wallet existing: 200.
     */
    const done = (outcome: AccountOutcome): DepositWalletOutcome => {
      const now =
        outcome.state.status === 'active' ? depositWalletOf(outcome.state, controllerWalletId) : null;
      const deployedUnderKey =
        recordedKey && idempotencyKey !== null && now?.attempts.get(idempotencyKey)?.status === 'deployed';
      const recordedDeployment = outcome !== requested && outcome.newEvents.length > 0;
      return {
        walletId: wallet.id,
        created: !replayed && !foundDeployed && (recordedDeployment || deployedUnderKey),
        replayed,
        outcome,
      };
    };
    // A failed key answers its failure, also once another key has deployed the wallet.
    const attempt = wallet.attempts.get(idempotencyKey);
    if (replayed && attempt?.status === 'failed')
      throw new DepositWalletFailed(attempt.error, requested.position);
    if (foundDeployed) return done(requested);

    const controllerAddress = state.wallets.get(controllerWalletId)!.address as string;
    let address: string;
    try {
      address = (await this.venue.deployDepositWallet(controllerAddress)).address;
    } catch (error) {
      // An unknown outcome (uncertain, timed out) may have deployed it: look before recording a failure.
      const landed = await this.venue.depositWallet(controllerAddress).catch(() => null);
      if (landed)
        return done(await this.recordDeployment(userId, wallet.id, idempotencyKey, landed.address, metadata));
      const detail = error instanceof Error ? error.message : String(error);
      const failed = await handleAccountCommand(
        this.store,
        userId,
        {
          type: 'RecordDepositWalletFailure',
          data: { walletId: wallet.id, idempotencyKey, error: detail, at: this.now() },
        },
        metadata,
      );
      throw new DepositWalletFailed(detail, failed.position);
    }
    return done(await this.recordDeployment(userId, wallet.id, idempotencyKey, address, metadata));
  }

  private recordDeployment(
    userId: string,
    walletId: number,
    idempotencyKey: string | null,
    address: string,
    metadata: EventMetadata,
  ): Promise<AccountOutcome> {
    return handleAccountCommand(
      this.store,
      userId,
      { type: 'RecordDepositWalletDeployment', data: { walletId, idempotencyKey, address, at: this.now() } },
      metadata,
    );
  }

  private now(): string {
    return this.clock.now().toISOString();
  }
}
