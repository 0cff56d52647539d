import { UnavailableError } from '@eventstore/db-client';
import { ConfigError } from '@vetted/kernel';
import { MongoNetworkError, MongoServerSelectionError } from 'mongodb';

/**
 * How the CLI exits on an error (sysexits): a store it cannot reach 69 (as `submit` does for the
 * API), a configuration error 78, else 1. Usage errors (64) are found before anything runs
 * (`readCommandLine`).
 */
export function exitCodeOf(error: unknown): number {
  if (error instanceof ConfigError) return 78;
  return unreachableStore(error) === null ? 1 : 69;
}

/** What the CLI prints for an error: one line for those it explains, the error itself otherwise. */
export function messageOf(error: unknown): unknown {
  if (error instanceof ConfigError || error instanceof TypeError) return error.message;
  return unreachableStore(error) ?? error;
}

/** A store the CLI could not reach, said in one line (the drivers' own errors come with a stack). */
function unreachableStore(error: unknown): string | null {
  if (error instanceof MongoServerSelectionError || error instanceof MongoNetworkError)
    return `cannot reach MongoDB (READ_STORE=mongo, MONGO_URL): ${error.message}`;
  if (error instanceof UnavailableError)
    return `cannot reach EventStoreDB (EVENT_STORE=esdb, EVENTSTORE_CONNECTION_STRING): ${error.message}`;
  return null;
}
