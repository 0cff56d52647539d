import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventMetadata, EventStore, Position } from '@vetted/event-store';
import {
  EVENT_STORE,
  accountStream,
  comparePositions,
  handleCommand,
  loadState,
  walletStream,
} from '@vetted/event-store';
import { CLOCK, type Clock, Conflict } from '@vetted/kernel';
import { accountDecider } from '../domain/account-decider';
import { observationDecider } from '../domain/balances/observation';
import { AccountNotFound, WalletNotFound } from '../domain/errors';
import type { WalletState } from '../domain/state';

export class RefreshBalancesCommand {
  constructor(
    readonly userId: string,
    /** One wallet, or null for every active wallet. */
    readonly walletId: number | null,
    readonly metadata: EventMetadata,
  ) {}
}

export interface RefreshQueued {
  walletIds: number[];
  position: Position | null;
}

export class EnrollmentMissing extends Conflict {
  constructor(walletId: number) {
    super(
      'ENROLLMENT_MISSING',
      `wallet ${walletId} is not enrolled for balance observation (a deposit wallet is once deployed)`,
    );
  }
}

/** Regular wallets are enrolled for observation when created, deposit wallets once deployed. */
const isEnrolled = (wallet: WalletState): boolean => wallet.kind === 'regular' || wallet.address !== null;

/** Queues a balance observation for one wallet or all active ones; the observer process manager does it. */
@CommandHandler(RefreshBalancesCommand)
export class RefreshBalancesHandler implements ICommandHandler<RefreshBalancesCommand, RefreshQueued> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ userId, walletId, metadata }: RefreshBalancesCommand): Promise<RefreshQueued> {
    const account = await loadState(this.store, accountStream(userId), accountDecider);
    if (account.status !== 'active') throw new AccountNotFound();
    let targets: WalletState[];
    if (walletId !== null) {
      const wallet = account.wallets.get(walletId);
      if (!wallet) throw new WalletNotFound(walletId);
      if (!isEnrolled(wallet)) throw new EnrollmentMissing(walletId);
      targets = [wallet];
    } else targets = [...account.wallets.values()].filter((w) => !w.archived && isEnrolled(w));

    const at = this.clock.now().toISOString();
    const outcomes = await Promise.all(
      targets.map((wallet) =>
        handleCommand(
          this.store,
          walletStream(wallet.id),
          observationDecider,
          {
            type: 'RequestRefresh',
            data: {
              walletId: wallet.id,
              userId,
              username: account.username,
              address: wallet.address as string,
              family: wallet.family,
              at,
            },
          },
          { metadata },
        ),
      ),
    );
    let position: Position | null = null;
    for (const o of outcomes)
      if (o.position && (position === null || comparePositions(o.position, position) > 0))
        position = o.position;
    return { walletIds: targets.map((w) => w.id), position };
  }
}
