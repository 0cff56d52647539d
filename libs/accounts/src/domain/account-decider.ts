import type { Decider } from '@vetted/event-store';
import type { AccountCommand } from './commands';
import { decide } from './decide';
import type { AccountEvent } from './events';
import type { AccountState } from './state';
import { evolve, initialState } from './state';

export const accountDecider: Decider<AccountState, AccountCommand, AccountEvent> = {
  decide,
  evolve,
  initialState,
};
