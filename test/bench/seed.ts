/**
 * The 1M-event store for the rebuild and boot figures, seeded through the SQLite adapter itself
 * (so rows, bodies and encoding are exactly the adapter's) with the events the service writes
 * for a signup: two wallet ids allocated with `allocateNumbers` (two `NumberAllocated` events in
 * `sequence-wallet`), then `UserSignedUp` + two `WalletCreated` in one append to
 * `account-<userId>` with expected revision `no_stream`; 5 events per signup, many signups in
 * flight so group commit batches them.
 *
 * One difference from signups made over HTTP, which the projections do not look at: addresses
 * have the right shape and length but no EIP-55 checksum (keccak per wallet would only slow the
 * seeding down).
 */
import { accountStream, allocateNumbers, type NewEvent } from '@vetted/event-store';
import { SqliteEventStore } from '@vetted/event-store/sqlite/sqlite-event-store';
import { uuidV5 } from '@vetted/kernel';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { formatNumber, log } from './report';
import { makeTempDir } from './util';

/** Two `NumberAllocated`, `UserSignedUp` and two `WalletCreated`. */
export const EVENTS_PER_SIGNUP = 5;

export interface SeededStore {
  /** A DATA_DIR for the API: holds `events.sqlite`. */
  dir: string;
  file: string;
  signups: number;
  events: number;
  seedMs: number;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function fakeSolanaAddress(): string {
  const bytes = randomBytes(44);
  let out = '';
  for (let i = 0; i < 44; i++) out += BASE58[bytes[i] % 58];
  return out;
}

/** The three events of one signup, with the metadata the HTTP layer attaches. */
export function signupEvents(
  index: number,
  at: string,
  firstWalletId: number,
): { streamId: string; events: NewEvent[] } {
  const username = `user_${index}`;
  const userId = uuidV5(`user:${username}`);
  const requestId = randomUUID();
  const metadata = { requestId, correlationId: requestId, schemaVersion: 1, userId };
  const wallet = (walletId: number, family: 'evm' | 'solana', name: string, address: string): NewEvent => ({
    type: 'WalletCreated',
    data: { userId, walletId, family, kind: 'regular', name, address, at },
    metadata,
  });
  return {
    streamId: accountStream(userId),
    events: [
      { type: 'UserSignedUp', data: { userId, username, at }, metadata },
      wallet(firstWalletId, 'evm', 'Your EVM Wallet', `0x${randomBytes(20).toString('hex')}`),
      wallet(firstWalletId + 1, 'solana', 'Your Solana Wallet', fakeSolanaAddress()),
    ],
  };
}

export async function seedSignups(
  signups: number,
  options: { concurrency?: number } = {},
): Promise<SeededStore> {
  const concurrency = options.concurrency ?? 1000;
  const dir = makeTempDir('seeded');
  const file = path.join(dir, 'events.sqlite');
  const store = new SqliteEventStore({ file });
  const started = performance.now();
  const t0 = Date.parse('2026-01-01T00:00:00.000Z');
  let next = 0;
  let lastReport = started;
  try {
    const worker = async (): Promise<void> => {
      for (;;) {
        const index = next++;
        if (index >= signups) return;
        const [firstWalletId] = await allocateNumbers(store, 'wallet', 2);
        const { streamId, events } = signupEvents(
          index,
          new Date(t0 + index * 1000).toISOString(),
          firstWalletId,
        );
        await store.appendToStream(streamId, events, { expectedRevision: 'no_stream' });
        if (index % 50000 === 0 && performance.now() - lastReport > 5000) {
          lastReport = performance.now();
          log(`seeding: ${formatNumber(index)} / ${formatNumber(signups)} signups`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, signups) }, worker));
  } finally {
    await store.close();
  }
  const seedMs = performance.now() - started;
  return { dir, file, signups, events: signups * EVENTS_PER_SIGNUP, seedMs };
}
