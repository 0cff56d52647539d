import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventMetadata, EventStore } from '@vetted/event-store';
import { allocateNumbers, EVENT_STORE } from '@vetted/event-store';
import { CLOCK, extend, newEvmAddress, newSolanaAddress, type Clock } from '@vetted/kernel';
import type { WalletFamily } from '../domain/events';
import type { AccountOutcome } from './account-streams';
import { handleAccountCommand } from './account-streams';

export class CreateWalletCommand {
  constructor(
    readonly userId: string,
    readonly family: WalletFamily,
    readonly name: string | null,
    readonly metadata: EventMetadata,
  ) {}
}

export class RenameWalletCommand {
  constructor(
    readonly userId: string,
    readonly walletId: number,
    readonly name: string,
    readonly metadata: EventMetadata,
  ) {}
}

export class ArchiveWalletCommand {
  constructor(
    readonly userId: string,
    readonly walletId: number,
    readonly metadata: EventMetadata,
  ) {}
}

export type CreatedWallet = AccountOutcome & { walletId: number };

@CommandHandler(CreateWalletCommand)
export class CreateWalletHandler implements ICommandHandler<CreateWalletCommand, CreatedWallet> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ userId, family, name, metadata }: CreateWalletCommand): Promise<CreatedWallet> {
    const [walletId] = await allocateNumbers(this.store, 'wallet', 1);
    const address = family === 'evm' ? newEvmAddress() : newSolanaAddress();
    const at = this.clock.now().toISOString();
    const outcome = await handleAccountCommand(
      this.store,
      userId,
      { type: 'CreateWallet', data: { walletId, family, address, name, at } },
      metadata,
    );
    return extend(outcome, { walletId });
  }
}

@CommandHandler(RenameWalletCommand)
export class RenameWalletHandler implements ICommandHandler<RenameWalletCommand, AccountOutcome> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  execute({ userId, walletId, name, metadata }: RenameWalletCommand): Promise<AccountOutcome> {
    const at = this.clock.now().toISOString();
    return handleAccountCommand(
      this.store,
      userId,
      { type: 'RenameWallet', data: { walletId, name, at } },
      metadata,
    );
  }
}

@CommandHandler(ArchiveWalletCommand)
export class ArchiveWalletHandler implements ICommandHandler<ArchiveWalletCommand, AccountOutcome> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  execute({ userId, walletId, metadata }: ArchiveWalletCommand): Promise<AccountOutcome> {
    const at = this.clock.now().toISOString();
    return handleAccountCommand(
      this.store,
      userId,
      { type: 'ArchiveWallet', data: { walletId, at } },
      metadata,
    );
  }
}
