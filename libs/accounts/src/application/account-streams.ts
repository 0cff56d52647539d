import type { CommandOutcome, EventMetadata, EventStore } from '@vetted/event-store';
import { accountStream, handleCommand } from '@vetted/event-store';
import { extend, uuidV5 } from '@vetted/kernel';
import { accountDecider } from '../domain/account-decider';
import type { AccountCommand } from '../domain/commands';
import type { AccountEvent } from '../domain/events';
import type { AccountState } from '../domain/state';

export type AccountOutcome = CommandOutcome<AccountState, AccountEvent> & { streamId: string };

/**
 * A user's id is derived from the lower-cased username, so the account stream's `no_stream`
 * append is what makes usernames unique: one atomic append decides who won.
 */
export const userIdForUsername = (username: string): string => uuidV5(`user:${username.toLowerCase()}`);

export async function handleAccountCommand(
  store: EventStore,
  userId: string,
  command: AccountCommand,
  metadata: EventMetadata,
): Promise<AccountOutcome> {
  const streamId = accountStream(userId);
  const outcome = await handleCommand(store, streamId, accountDecider, command, { metadata });
  return extend(outcome, { streamId });
}
