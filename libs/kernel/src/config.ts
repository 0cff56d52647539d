import { randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';

/** Everything the service reads from its environment, validated once at boot. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  eventStore: 'sqlite' | 'esdb';
  eventStoreConnectionString: string | null;
  readStore: 'memory' | 'mongo';
  mongoUrl: string | null;
  mongoDb: string;
  /** HS256 signing secret; null means "generate one into DATA_DIR on first start". */
  authSecret: string | null;
  authTokenTtlSeconds: number;
  authDevSignup: boolean;
  runWorkers: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  bodyLimitBytes: number;
  readYourWritesTimeoutMs: number;
  /** Where links to transactions point (the sandbox explorer page is served under it). */
  publicUrl: string;
  /** The simulated outside world (the only venue adapter so far). */
  sandbox: {
    /** Null: generated once into DATA_DIR/sandbox-admin-token. */
    adminToken: string | null;
    seed: string;
    blockTimeSeconds: number;
  };
}

export const CONFIG = Symbol('Config');

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Reads and checks the whole environment, reporting every problem at once. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const text = (name: string): string | null => {
    const v = env[name]?.trim();
    return v ? v : null;
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const v = text(name);
    if (v === null) return fallback;
    if ((allowed as readonly string[]).includes(v)) return v as T;
    problems.push(`${name} must be one of ${allowed.join(', ')} (got "${v}")`);
    return fallback;
  };
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const v = text(name);
    if (v === null) return fallback;
    const n = Number(v);
    if (!/^[0-9]+$/.test(v) || n < min || n > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${v}")`);
      return fallback;
    }
    return n;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const v = text(name)?.toLowerCase();
    if (v === undefined || v === null) return fallback;
    if (['true', '1', 'yes'].includes(v)) return true;
    if (['false', '0', 'no'].includes(v)) return false;
    problems.push(`${name} must be true or false (got "${env[name]}")`);
    return fallback;
  };

  const eventStore = oneOf('EVENT_STORE', ['sqlite', 'esdb'] as const, 'sqlite');
  const readStore = oneOf('READ_STORE', ['memory', 'mongo'] as const, 'memory');
  const eventStoreConnectionString = text('EVENTSTORE_CONNECTION_STRING');
  const mongoUrl = text('MONGO_URL');
  if (eventStore === 'esdb' && !eventStoreConnectionString)
    problems.push(
      'EVENTSTORE_CONNECTION_STRING is required when EVENT_STORE=esdb (e.g. esdb://localhost:2113?tls=false)',
    );
  if (eventStoreConnectionString && !/^esdb(\+discover)?:\/\//.test(eventStoreConnectionString))
    problems.push('EVENTSTORE_CONNECTION_STRING must start with esdb:// or esdb+discover://');
  if (readStore === 'mongo' && !mongoUrl)
    problems.push(
      'MONGO_URL is required when READ_STORE=mongo (e.g. mongodb://localhost:27017/?replicaSet=rs0)',
    );
  if (mongoUrl && !/^mongodb(\+srv)?:\/\//.test(mongoUrl))
    problems.push('MONGO_URL must start with mongodb:// or mongodb+srv://');

  const authSecret = text('AUTH_SECRET');
  if (authSecret !== null && authSecret.length < 32)
    problems.push('AUTH_SECRET must be at least 32 characters');

  const runWorkers = bool('RUN_WORKERS', true);
  if (!runWorkers && readStore === 'memory')
    problems.push(
      'RUN_WORKERS=false needs READ_STORE=mongo: an in-process read store is only built by this process',
    );

  const port = int('PORT', 3000, 0, 65535);
  const dataDir = path.resolve(text('DATA_DIR') ?? './data');
  const unusable = unusableDirectory(dataDir);
  if (unusable !== null) problems.push(`DATA_DIR cannot be used (${dataDir}): ${unusable}`);
  const publicUrl = (text('PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s]+$/.test(publicUrl))
    problems.push(`PUBLIC_URL must be an http(s) URL (got "${publicUrl}")`);
  const host = text('HOST') ?? '0.0.0.0';
  // An IP address, or a host name of letters, digits, hyphens and dots.
  if (
    isIP(host) === 0 &&
    !/^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/.test(host)
  )
    problems.push(`HOST must be an IP address or a host name (got "${host}")`);
  const adminToken = text('SANDBOX_ADMIN_TOKEN');
  if (adminToken !== null && adminToken.length < 16)
    problems.push('SANDBOX_ADMIN_TOKEN must be at least 16 characters');

  const config: Config = {
    port,
    host,
    dataDir,
    eventStore,
    eventStoreConnectionString,
    readStore,
    mongoUrl,
    mongoDb: text('MONGO_DB') ?? 'vetted',
    authSecret,
    authTokenTtlSeconds: int('AUTH_TOKEN_TTL_SECONDS', 12 * 3600, 60, 30 * 24 * 3600),
    authDevSignup: bool('AUTH_DEV_SIGNUP', true),
    runWorkers,
    logLevel: oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    bodyLimitBytes: int('BODY_LIMIT_BYTES', 64 * 1024, 1024, 10 * 1024 * 1024),
    readYourWritesTimeoutMs: int('READ_YOUR_WRITES_TIMEOUT_MS', 2000, 0, 60000),
    publicUrl,
    sandbox: {
      adminToken,
      seed: text('SANDBOX_SEED') ?? 'vetted',
      blockTimeSeconds: int('SANDBOX_BLOCK_TIME_SECONDS', 0, 0, 600),
    },
  };
  if (problems.length) throw new ConfigError(problems);
  return config;
}

/**
 * Why a directory can neither be used nor created (null when it can), found without creating
 * anything: its nearest existing ancestor must be a writable directory.
 */
function unusableDirectory(dir: string): string | null {
  let at = dir;
  while (!existsSync(at) && path.dirname(at) !== at) at = path.dirname(at);
  try {
    if (!statSync(at).isDirectory()) return `${at} is not a directory`;
    accessSync(at, constants.W_OK);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/** The configured secret, or one generated once into DATA_DIR (embedded default) and reused. */
export function resolveAuthSecret(config: Config): string {
  return config.authSecret ?? generatedSecret(config, 'auth-secret');
}

/** The sandbox admin token (header `X-Sandbox-Admin`), configured or generated once into DATA_DIR. */
export function resolveSandboxAdminToken(config: Config): string {
  return config.sandbox.adminToken ?? generatedSecret(config, 'sandbox-admin-token');
}

function generatedSecret(config: Config, name: string): string {
  const file = path.join(config.dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
  return secret;
}

/** Where a person can look a transaction up: the sandbox explorer page. */
export function explorerTxUrl(config: Pick<Config, 'publicUrl'>, hash: string): string {
  return `${config.publicUrl}/v1/sandbox/explorer/tx/${hash}`;
}
