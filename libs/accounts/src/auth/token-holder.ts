import type { EventStore } from '@vetted/event-store';
import { accountStream, loadState } from '@vetted/event-store';
import { accountDecider } from '../domain/account-decider';
import type { Principal } from './permits';

/**
 * Whether a validly signed token belongs to an account: one that exists and had signed up when the
 * token was issued. A token names its user by id, and a user's id is derived from the username, so
 * without this a token for a username nobody holds (yet), or one issued before the data was reset
 * under the same secret, would act for whoever signs up with that name later.
 */
export async function accountHoldsToken(store: EventStore, principal: Principal): Promise<boolean> {
  const account = await loadState(store, accountStream(principal.userId), accountDecider);
  return (
    account.status === 'active' && Math.floor(Date.parse(account.signedUpAt) / 1000) <= principal.issuedAt
  );
}
