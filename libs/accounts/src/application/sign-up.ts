import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventMetadata, EventStore } from '@vetted/event-store';
import { accountStream, allocateNumbers, EVENT_STORE } from '@vetted/event-store';
import { CLOCK, extend, newEvmAddress, newSolanaAddress, type Clock } from '@vetted/kernel';
import { UsernameTaken } from '../domain/errors';
import type { AccountOutcome } from './account-streams';
import { handleAccountCommand, userIdForUsername } from './account-streams';

export class SignUpCommand {
  constructor(
    readonly username: string,
    readonly metadata: EventMetadata,
  ) {}
}

/** Creates the user with its two signup wallets, `Your EVM Wallet` and `Your Solana Wallet`. */
@CommandHandler(SignUpCommand)
export class SignUpHandler implements ICommandHandler<SignUpCommand, AccountOutcome> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ username, metadata }: SignUpCommand): Promise<AccountOutcome> {
    const userId = userIdForUsername(username);
    // Checked before allocating wallet ids; the append below still decides a race.
    if ((await this.store.readStream(accountStream(userId))).length > 0) throw new UsernameTaken(username);
    const [evmId, solanaId] = await allocateNumbers(this.store, 'wallet', 2);
    return handleAccountCommand(
      this.store,
      userId,
      {
        type: 'SignUp',
        data: {
          userId,
          username,
          at: this.clock.now().toISOString(),
          wallets: [
            { walletId: evmId, family: 'evm', address: newEvmAddress() },
            { walletId: solanaId, family: 'solana', address: newSolanaAddress() },
          ],
        },
      },
      extend(metadata, { userId }),
    );
  }
}
