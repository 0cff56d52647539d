/**
 * Figure 7: refreshing the balances of a user's 100 wallets end to end: `POST /v1/wallets/refresh {}`
 * queues a `BalanceRefreshRequested` per wallet, the balance observer process manager reads every
 * network of each wallet from the sandbox, prices the holdings and appends `BalancesObserved`, the
 * projections fold them, and `GET /v1/wallets/list` shows all 100 with `refresh.status` 'observed'.
 * The baseline is 100 sequential bare better-sqlite3 single-insert transactions (the append bench's
 * loop, synchronous=FULL, its own temp file), timed in the same run. Rounds alternate which side
 * goes first; each round queues a new refresh after a few faucet deposits (so the observations
 * carry changes); medians.
 *
 * The app runs in this process (`createApp` + `app.inject`), not as a child over HTTP:
 * - the figure is the observe/append/project pipeline, not HTTP (the http bench measures that), and
 *   the two requests per round cost a negligible share of it either way;
 * - in process the bench can wait for the end exactly, with no polling: the process-manager runner's
 *   `waitFor(P)` (P = the X-Event-Position of the refresh, the last `BalanceRefreshRequested`)
 *   resolves once the observer's handling of every request up to P has returned, i.e. once all 100
 *   observations are appended; then `ProjectionService.waitFor(head)` once the read models have
 *   folded them. Polling the list instead would either add up to a poll interval to every figure or,
 *   polled tightly, take CPU from the work it measures (the machine has 2 cores).
 * The clock stops after a `GET /v1/wallets/list?minPosition=<head>` that must show all 100 wallets
 * observed (the answer a client gets), so the figure includes the read and is checked each round.
 */
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { EventStore, RecordedEvent } from '@vetted/event-store';
import { EVENT_STORE, formatPosition, parsePosition, walletStream } from '@vetted/event-store';
import { loadConfig } from '@vetted/kernel';
import { ProcessManagerService, ProjectionService } from '@vetted/platform';
import { USDC_ADDRESSES } from '@vetted/sandbox';
import type { InjectOptions } from 'fastify';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createApp } from '../../apps/api/src/create-app';
import { BareInserter, openBareDatabase } from './bare-sqlite';
import type { Bench, BenchContext } from './bench';
import { formatNumber, log, type BenchResult } from './report';
import { collectGarbage, makeTempDir, median, removeTempDir } from './util';

const WALLETS = 100;
/** Wallets that get a faucet deposit before each round (a different few each time). */
const FUNDED_PER_ROUND = 5;
const WAIT_MS = 60_000;
export const REFRESH_TARGET_RATIO = 3;

interface WalletJson {
  id: number;
  family: string;
  refresh: { status: string; error: string | null };
  balances: unknown[];
}

interface Deposit {
  network: string;
  token: string | null;
  amount: string;
}

const DEPOSITS: Deposit[] = [
  { network: 'base', token: USDC_ADDRESSES.base, amount: '125.5' },
  { network: 'ethereum', token: null, amount: '0.25' },
  { network: 'arbitrum', token: USDC_ADDRESSES.arbitrum, amount: '40' },
];

class InProcessApi {
  private constructor(
    readonly app: NestFastifyApplication,
    readonly store: EventStore,
    readonly projections: ProjectionService,
    readonly processManagers: ProcessManagerService,
  ) {}

  static async start(dataDir: string): Promise<InProcessApi> {
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      EVENT_STORE: 'sqlite',
      READ_STORE: 'memory',
      RUN_WORKERS: 'true',
    });
    // Logs (warnings at most) go to stderr with the progress lines, keeping stdout for the table/JSON.
    const logDestination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        process.stderr.write(chunk, () => done());
      },
    });
    const app = await createApp(config, { logDestination });
    return new InProcessApi(
      app,
      app.get<EventStore>(EVENT_STORE),
      app.get(ProjectionService),
      app.get(ProcessManagerService),
    );
  }

  async call<T>(
    method: 'GET' | 'POST',
    url: string,
    expected: number,
    token: string | null,
    payload?: object,
  ): Promise<{ body: T; headers: Record<string, unknown> }> {
    const options: InjectOptions = {
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload }),
    };
    const response = await this.app.inject(options);
    if (response.statusCode !== expected)
      throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
    return { body: response.json<T>(), headers: response.headers };
  }

  close(): Promise<void> {
    return this.app.close();
  }
}

interface Prepared {
  token: string;
  walletIds: number[];
  evmWalletIds: number[];
}

async function prepareUser(api: InProcessApi): Promise<Prepared> {
  const signup = await api.call<{ token: string; wallets: WalletJson[] }>(
    'POST',
    '/v1/auth/signup',
    201,
    null,
    { username: 'bench_refresh' },
  );
  const token = signup.body.token;
  for (let i = signup.body.wallets.length; i < WALLETS; i++)
    await api.call('POST', '/v1/wallets', 201, token, { family: 'evm' });
  const list = (await api.call<WalletJson[]>('GET', '/v1/wallets/list', 200, token)).body;
  if (list.length !== WALLETS) throw new Error(`the user has ${list.length} wallets, not ${WALLETS}`);
  return {
    token,
    walletIds: list.map((w) => w.id),
    evmWalletIds: list.filter((w) => w.family === 'evm').map((w) => w.id),
  };
}

/** A few faucet deposits (unmeasured), so the next observation has changes to record. */
async function deposit(api: InProcessApi, user: Prepared, round: number): Promise<void> {
  for (let i = 0; i < FUNDED_PER_ROUND; i++) {
    const n = round * FUNDED_PER_ROUND + i;
    const walletId = user.evmWalletIds[(n * 7) % user.evmWalletIds.length];
    await api.call('POST', '/v1/sandbox/faucet', 201, user.token, {
      walletId,
      ...DEPOSITS[n % DEPOSITS.length],
    });
  }
}

/** One refresh, from the POST to the list showing every wallet observed; returns its ms. */
async function refreshOnce(api: InProcessApi, user: Prepared): Promise<number> {
  const observer = api.processManagers.runners.find((r) =>
    r.status().some((s) => s.name === 'balance-observer'),
  );
  if (observer === undefined) throw new Error('the balance observer does not run in this process');
  const start = performance.now();
  const queued = await api.call<{ walletIds: number[] }>('POST', '/v1/wallets/refresh', 202, user.token, {});
  if (queued.body.walletIds.length !== WALLETS)
    throw new Error(`the refresh queued ${queued.body.walletIds.length} wallets, not ${WALLETS}`);
  const position = parsePosition(String(queued.headers['x-event-position'] ?? ''));
  if (position === null) throw new Error('the refresh answered without an X-Event-Position');
  if (!(await observer.waitFor(position, WAIT_MS)))
    throw new Error(`the balance observer did not reach ${formatPosition(position)} within ${WAIT_MS} ms`);
  const head = await api.store.headPosition();
  if (head === null || !(await api.projections.waitFor(head, WAIT_MS)))
    throw new Error(`the read models did not reach the head within ${WAIT_MS} ms`);
  const list = (
    await api.call<WalletJson[]>(
      'GET',
      `/v1/wallets/list?minPosition=${formatPosition(head)}`,
      200,
      user.token,
    )
  ).body;
  const ms = performance.now() - start;
  const notObserved = list.filter((w) => w.refresh.status !== 'observed');
  if (list.length !== WALLETS || notObserved.length > 0)
    throw new Error(
      `after the refresh ${notObserved.length} of ${list.length} wallets are not observed: ${JSON.stringify(notObserved[0]?.refresh)}`,
    );
  return ms;
}

/** The whole of `$all` (readAll answers a page at a time). */
async function readEverything(store: EventStore): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = [];
  for (;;) {
    const page = await store.readAll({ after: all.at(-1)?.position, maxCount: 5000 });
    if (page.length === 0) return all;
    all.push(...page);
  }
}

function bareAppends(inserter: BareInserter, count: number): number {
  const start = performance.now();
  for (let i = 0; i < count; i++) inserter.appendOne();
  return performance.now() - start;
}

export const refreshBench: Bench = {
  name: 'refresh',
  describe: `POST /v1/wallets/refresh for ${WALLETS} wallets until all are observed in the list (in process) vs ${WALLETS} bare better-sqlite3 appends`,
  async run(context: BenchContext): Promise<BenchResult[]> {
    const rounds = context.quick ? 3 : 11;
    const dir = makeTempDir('refresh');
    const bareDb = openBareDatabase(path.join(dir, 'bare.sqlite'));
    let api: InProcessApi | null = null;
    try {
      const booted = performance.now();
      api = await InProcessApi.start(path.join(dir, 'data'));
      const user = await prepareUser(api);
      log(
        `refresh: app up, 1 user with ${WALLETS} wallets in ${formatNumber(performance.now() - booted)} ms`,
      );
      const inserter = new BareInserter(bareDb);
      // Warm-up: JIT, statement caches, the first observation of every wallet.
      inserter.run(300);
      await deposit(api, user, 0);
      const warmUp = await refreshOnce(api, user);
      log(`refresh: warm-up refresh ${formatNumber(warmUp)} ms`);

      const service: number[] = [];
      const bare: number[] = [];
      for (let round = 0; round < rounds; round++) {
        await deposit(api, user, round + 1);
        const order = round % 2 === 0 ? ['bare', 'service'] : ['service', 'bare'];
        for (const side of order) {
          collectGarbage();
          if (side === 'bare') bare.push(bareAppends(inserter, WALLETS));
          else service.push(await refreshOnce(api, user));
        }
        log(
          `refresh round ${round + 1}/${rounds}: refresh ${formatNumber(service[round])} ms, ${WALLETS} bare appends ${formatNumber(bare[round])} ms`,
        );
      }
      const observations = (await readEverything(api.store)).filter((e) => e.type === 'BalancesObserved');
      const withChanges = observations.filter(
        (e) => ((e.data as { changes?: unknown[] }).changes ?? []).length > 0,
      ).length;
      if (withChanges < rounds)
        throw new Error(`only ${withChanges} observations recorded a change over ${rounds} rounds`);
      // Each refresh adds two events to every wallet stream, and the command path re-reads whole streams:
      // show whether the figure drifts with that history (first rounds against last rounds).
      const third = Math.max(1, Math.floor(rounds / 3));
      const streamEvents = (await api.store.readStream(walletStream(user.walletIds[0]))).length;
      const measured = median(service);
      const baseline = median(bare);
      return [
        {
          name: `refresh ${WALLETS} wallets (observe, append, project)`,
          measured,
          unit: 'ms',
          baseline,
          baselineUnit: `ms (${WALLETS} appends)`,
          // Lower is better here, so the ratio is refresh / bare and the target an upper bound on it.
          ratio: measured / baseline,
          target: { kind: 'ratio<=', value: REFRESH_TARGET_RATIO },
          notes: [
            `median of ${rounds} alternating rounds; refresh ${service.map(formatNumber).join(', ')} ms; ${WALLETS} bare appends ${bare.map(formatNumber).join(', ')} ms`,
            `${WALLETS - user.evmWalletIds.length} solana + ${user.evmWalletIds.length} evm wallets (every EVM network + perps each); ${FUNDED_PER_ROUND} faucet deposits before each round; ${observations.length} observations recorded in all, ${withChanges} of them with balance changes`,
            `drift with history: median of the first ${third} rounds ${formatNumber(median(service.slice(0, third)))} ms, of the last ${third} ${formatNumber(median(service.slice(-third)))} ms; each wallet stream now holds ${streamEvents} events`,
            'in process (createApp + inject): from the POST to a GET /v1/wallets/list?minPosition showing all observed, waiting on the process-manager runner and the projections, no polling',
          ],
          rounds: { refreshMs: service, bareMs: bare },
        },
      ];
    } finally {
      await api?.close();
      bareDb.close();
      removeTempDir(dir);
    }
  },
};
