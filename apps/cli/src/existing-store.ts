import { existsSync } from 'node:fs';
import type { Config } from '@vetted/kernel';
import { eventStoreFile } from '@vetted/platform';

/**
 * Why `stats` and `replay` must not open the configured event store, if they must not: opening a
 * SQLite file creates it, so a mistyped DATA_DIR would read as an empty store (and be left behind).
 */
export function missingEventStore(config: Config): string | null {
  if (config.eventStore !== 'sqlite') return null;
  const file = eventStoreFile(config);
  return existsSync(file)
    ? null
    : `no event store at ${file} (DATA_DIR=${config.dataDir}); the CLI reads an existing one`;
}
