import path from 'node:path';
import type { Provider } from '@nestjs/common';
import { CLOCK, type Clock, CONFIG, type Config } from '@vetted/kernel';
import { Sandbox } from '@vetted/sandbox';
import { WAL_CHECKPOINT_EVERY_MS } from './stores';
import {
  CHAIN_CLIENT,
  PERP_VENUE,
  PREDICTION_VENUE,
  PRICE_READER,
  SPEECH_TOKENS,
  SWAP_QUOTER,
  TOKEN_DIRECTORY,
  type TokenDirectory,
} from '@vetted/venues';

export const SANDBOX = Symbol('Sandbox');

export function sandboxFile(config: Config): string {
  return path.join(config.dataDir, 'sandbox.sqlite');
}

/**
 * The venue ports, bound to the sandbox: the simulated outside world in its own SQLite file
 * (never the event store), moving on the service's clock.
 */
export const VENUE_PROVIDERS: Provider[] = [
  {
    provide: SANDBOX,
    inject: [CONFIG, CLOCK],
    useFactory: (config: Config, clock: Clock) =>
      Sandbox.open({
        file: sandboxFile(config),
        clock,
        seed: config.sandbox.seed,
        blockTimeSeconds: config.sandbox.blockTimeSeconds,
        // It stands in for remote chains and venues: WAL with NORMAL survives a crash of this
        // process; an OS crash may lose its latest commits, as a chain may drop its latest blocks.
        // The event store, the service's own record, stays durable like FULL (it syncs every
        // commit itself). See docs/decisions.md.
        synchronous: 'NORMAL',
        checkpointEveryMs: WAL_CHECKPOINT_EVERY_MS,
      }),
  },
  { provide: PRICE_READER, inject: [SANDBOX], useFactory: (s: Sandbox) => s.prices },
  { provide: SWAP_QUOTER, inject: [SANDBOX], useFactory: (s: Sandbox) => s.quoter },
  { provide: CHAIN_CLIENT, inject: [SANDBOX], useFactory: (s: Sandbox) => s.chain },
  { provide: PERP_VENUE, inject: [SANDBOX], useFactory: (s: Sandbox) => s.perps },
  { provide: PREDICTION_VENUE, inject: [SANDBOX], useFactory: (s: Sandbox) => s.predict },
  { provide: SPEECH_TOKENS, inject: [SANDBOX], useFactory: (s: Sandbox) => s.speech },
  {
    provide: TOKEN_DIRECTORY,
    inject: [SANDBOX],
    useFactory: (s: Sandbox): TokenDirectory => s.tokenDirectory,
  },
];

export const VENUE_EXPORTS = [
  SANDBOX,
  PRICE_READER,
  SWAP_QUOTER,
  CHAIN_CLIENT,
  PERP_VENUE,
  PREDICTION_VENUE,
  SPEECH_TOKENS,
  TOKEN_DIRECTORY,
];

export { explorerTxUrl } from '@vetted/kernel';
