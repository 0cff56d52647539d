/**
 * The operations figures: reviewed operations over HTTP, against the bare Fastify baseline of the
 * same run.
 *
 * 1. Create: `POST /v1/operations` for a quoted USDC -> ETH swap on base, every request with a fresh
 *    idempotency key (autocannon's `setupRequest` builds each body, so every request creates and quotes
 *    a new operation; the bench checks every answer is a 201, never a 200 replay), spread over a few
 *    users, each with its own funded EVM wallet. The baseline is the bare Fastify child answering the
 *    same create response body (201) to the same POST requests (same headers, same body size).
 *    Bare and API rounds alternate (ABBA), each after its own warm-up; medians.
 * 2. Full lifecycle with sandbox block time 0: N concurrent clients, each looping create (fresh key)
 *    -> approve -> poll `GET /v1/operations/:id` until `done`; completed operations per second over a
 *    window, and the p99 of the create requests made under that load. Windows alternate with bare
 *    create rounds (ABBA, as figure 1); the medians of the windows are compared with the medians of
 *    those bare rounds: req/s (ratio) and p99 (create p99 must stay under 4x it). It runs first, on
 *    the fresh store, since the create figure leaves tens of thousands of never-approved operations
 *    behind.
 *
 * The API is the compiled one, a child process (LOG_LEVEL=warn) on a fresh data dir; load comes from
 * this process (autocannon for figure 1, keep-alive node:http clients for figure 2).
 *
 * Diagnosis: `BENCH_OPERATIONS_CPU_PROF=<dir>` runs the API with `--cpu-prof` writing into <dir> (the
 * profile covers the whole run, both figures; the figures are then not comparable).
 */
import { USDC_ADDRESSES } from '@vetted/sandbox';
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import path from 'node:path';
import { type RunningServer, startApi, startBareServer } from './api-process';
import type { Bench, BenchContext } from './bench';
import { formatNumber, log, type BenchResult } from './report';
import { makeTempDir, median, removeTempDir, sleep } from './util';

const USDC = USDC_ADDRESSES.base;
const CONNECTIONS = 32;
const LIFECYCLE_CLIENTS = 16;
/**
 * One wallet per lifecycle client: a swap's approve leg grants exactly its own amount, so two swaps
 * of one wallet in flight at once race on the allowance (the second swap leg can fail).
 */
const USERS = LIFECYCLE_CLIENTS;
/** Per wallet, far more than a run spends (each lifecycle swap sells 1 USDC and pays base gas). */
const FUND_USDC = '10000';
const FUND_ETH = '10';
const CREATE_TARGET = 0.15;
const LIFECYCLE_TARGET = 0.02;
const LIFECYCLE_P99_FACTOR = 4;
/**
 * Polling after an approve: the first poll waits POLL_FIRST_SHARE of the recent approve-to-done time
 * (a moving average over all clients), the next ones POLL_STEP_SHARE of it (at least POLL_MIN_MS), so
 * a client polls once or twice per operation and overshoots `done` by a small share of its latency,
 * instead of spending the API's CPU on GETs that can only answer `working`.
 */
const POLL_FIRST_SHARE = 0.8;
const POLL_STEP_SHARE = 0.15;
const POLL_MIN_MS = 2;
const POLL_TIMEOUT_MS = 30_000;

interface User {
  token: string;
  walletId: number;
}

interface Load {
  rps: number;
  p99: number;
  p50: number;
  requests: number;
}

interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** A minimal keep-alive JSON client (fetch costs this process noticeably more CPU per request). */
class HttpClient {
  private readonly agent: Agent;

  constructor(
    private readonly server: RunningServer,
    maxSockets: number,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets });
  }

  call(method: 'GET' | 'POST', url: string, token: string | null, body?: unknown): Promise<HttpAnswer> {
    const payload = body === undefined ? null : Buffer.from(JSON.stringify(body));
    const headers: Record<string, string | number> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = payload.length;
    }
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: this.server.port,
          method,
          path: url,
          headers,
          agent: this.agent,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload ?? undefined);
    });
  }

  async json<T>(
    method: 'GET' | 'POST',
    url: string,
    expected: number,
    token: string | null,
    body?: unknown,
  ): Promise<{ body: T; answer: HttpAnswer }> {
    const answer = await this.call(method, url, token, body);
    if (answer.status !== expected)
      throw new Error(`${method} ${url} answered ${answer.status} (expected ${expected}): ${answer.text}`);
    return { body: JSON.parse(answer.text) as T, answer };
  }

  close(): void {
    this.agent.destroy();
  }
}

function createBody(walletId: number): {
  idempotencyKey: string;
  operation: Record<string, unknown>;
} {
  return {
    idempotencyKey: randomUUID(),
    operation: {
      kind: 'swap',
      walletId,
      swapIntent: {
        from: { network: 'base', token: USDC },
        to: { network: 'base', token: null },
        amount: '1',
        quoteFloor: { sellRaw: '1000000', receiveRaw: '1' },
      },
    },
  };
}

async function prepareUsers(client: HttpClient, count: number): Promise<User[]> {
  const users: User[] = [];
  for (let i = 0; i < count; i++) {
    const signup = await client.json<{ token: string; wallets: { id: number; family: string }[] }>(
      'POST',
      '/v1/auth/signup',
      201,
      null,
      { username: `bench_ops_${i}` },
    );
    const evm = signup.body.wallets.find((w) => w.family === 'evm');
    if (!evm) throw new Error('the signup created no EVM wallet');
    const user = { token: signup.body.token, walletId: evm.id };
    for (const [token, amount] of [
      [null, FUND_ETH],
      [USDC, FUND_USDC],
    ] as const)
      await client.json('POST', '/v1/sandbox/faucet', 201, user.token, {
        walletId: user.walletId,
        network: 'base',
        token,
        amount,
      });
    users.push(user);
  }
  return users;
}

/**
 * One autocannon run of creates against `server` (the API or the bare baseline): every request a
 * fresh body, the users taken in turn. Anything but a 201 fails the run (a 200 would be a replay).
 */
async function createLoad(server: RunningServer, users: readonly User[], seconds: number): Promise<Load> {
  let next = 0;
  const statuses = new Map<number, number>();
  let sample = '';
  const result = await autocannon({
    url: `${server.url}/v1/operations`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => {
          const user = users[next++ % users.length];
          return {
            ...request,
            method: 'POST',
            path: '/v1/operations',
            headers: {
              ...request.headers,
              authorization: `Bearer ${user.token}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify(createBody(user.walletId)),
          };
        },
        onResponse: (status, body) => {
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status !== 201 && !sample) sample = body.slice(0, 300);
        },
      },
    ],
  });
  const created = statuses.get(201) ?? 0;
  const other = [...statuses].filter(([status]) => status !== 201);
  if (result.errors || result.timeouts || other.length)
    throw new Error(
      `POST /v1/operations on ${server.url}: ${result.errors} errors, ${result.timeouts} timeouts, answers ${JSON.stringify(Object.fromEntries(statuses))}: ${sample}`,
    );
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    p50: result.latency.p50,
    requests: created,
  };
}

interface OperationJson {
  id: string;
  state: string;
  txs: { status: string }[];
}

interface Lifecycle {
  opsPerSecond: number;
  completed: number;
  ms: number;
  createLatencies: number[];
  approveLatencies: number[];
  /** From the approve's answer to the poll that saw `done`. */
  settleLatencies: number[];
  polls: number;
  approvedDone: number;
  /** Chain transactions of the operations done (a USDC swap on base: token approval + swap). */
  txs: number;
}

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * `clients` loops of create -> approve -> poll until done, starting new operations for `durationMs`.
 * Counts the operations done within the window; the ones in flight at its end finish uncounted.
 */
async function lifecycleLoad(
  client: HttpClient,
  users: readonly User[],
  clients: number,
  durationMs: number,
  /** Where the approve-to-done moving average starts (the warm-up's median, or a guess). */
  initialSettleMs: number,
): Promise<Lifecycle> {
  const start = performance.now();
  const end = start + durationMs;
  const out: Lifecycle = {
    opsPerSecond: 0,
    completed: 0,
    ms: durationMs,
    createLatencies: [],
    approveLatencies: [],
    settleLatencies: [],
    polls: 0,
    approvedDone: 0,
    txs: 0,
  };
  let settleEstimate = initialSettleMs;
  const loop = async (index: number): Promise<void> => {
    const user = users[index % users.length];
    while (performance.now() < end) {
      const t0 = performance.now();
      const created = await client.json<OperationJson>(
        'POST',
        '/v1/operations',
        201,
        user.token,
        createBody(user.walletId),
      );
      const t1 = performance.now();
      if (created.body.state !== 'awaitingApproval')
        throw new Error(`a created operation is ${created.body.state}: ${created.answer.text.slice(0, 300)}`);
      const id = created.body.id;
      const approved = await client.json<OperationJson>(
        'POST',
        `/v1/operations/${id}/approve`,
        200,
        user.token,
        {},
      );
      const t2 = performance.now();
      out.createLatencies.push(t1 - t0);
      out.approveLatencies.push(t2 - t1);
      let op = approved.body;
      let wait = Math.max(POLL_MIN_MS, POLL_FIRST_SHARE * settleEstimate);
      if (op.state === 'done') out.approvedDone++;
      while (op.state !== 'done') {
        if (op.state !== 'working' && op.state !== 'awaitingApproval')
          throw new Error(`operation ${id} ended ${op.state}: ${JSON.stringify(op).slice(0, 2000)}`);
        if (performance.now() - t2 > POLL_TIMEOUT_MS)
          throw new Error(`operation ${id} is still ${op.state} ${POLL_TIMEOUT_MS} ms after its approval`);
        await sleep(wait);
        wait = Math.max(POLL_MIN_MS, POLL_STEP_SHARE * settleEstimate);
        op = (await client.json<OperationJson>('GET', `/v1/operations/${id}`, 200, user.token)).body;
        out.polls++;
      }
      const done = performance.now();
      settleEstimate = 0.9 * settleEstimate + 0.1 * (done - t2);
      if (op.txs.length === 0 || op.txs.some((tx) => tx.status !== 'success'))
        throw new Error(`operation ${id} is done without its txs all successful: ${JSON.stringify(op.txs)}`);
      out.txs += op.txs.length;
      out.settleLatencies.push(done - t2);
      if (done <= end) out.completed++;
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, i) => loop(i)));
  out.opsPerSecond = (out.completed * 1000) / durationMs;
  return out;
}

export const operationsBench: Bench = {
  name: 'operations',
  describe:
    'POST /v1/operations (quoted swap, fresh key each) vs a bare Fastify POST; full lifecycle (create, approve, poll to done) ops/s',
  async run(context: BenchContext): Promise<BenchResult[]> {
    const rounds = context.quick ? 2 : 3;
    const warmUpSeconds = context.quick ? 1 : 2;
    const seconds = context.quick ? 2 : 6;
    const lifecycleMs = context.quick ? 2000 : 8000;
    const dir = makeTempDir('operations');
    let api: RunningServer | null = null;
    let bare: RunningServer | null = null;
    let client: HttpClient | null = null;
    try {
      const profileDir = process.env.BENCH_OPERATIONS_CPU_PROF;
      api = await startApi({
        dataDir: path.join(dir, 'data'),
        env: { SANDBOX_BLOCK_TIME_SECONDS: '0' },
        nodeArgs: profileDir
          ? [
              '--cpu-prof',
              `--cpu-prof-dir=${path.resolve(profileDir)}`,
              '--require',
              path.join(__dirname, 'exit-on-signal.js'),
            ]
          : [],
      });
      client = new HttpClient(api, LIFECYCLE_CLIENTS * 2);
      const prepared = performance.now();
      const users = await prepareUsers(client, USERS);
      log(
        `operations: API up in ${formatNumber(api.bootMs)} ms; ${USERS} users funded (${FUND_ETH} ETH + ${FUND_USDC} USDC on base each) in ${formatNumber(performance.now() - prepared)} ms`,
      );

      // The bare server answers the API's own create response.
      const sample = await client.json<OperationJson>(
        'POST',
        '/v1/operations',
        201,
        users[0].token,
        createBody(users[0].walletId),
      );
      const responseText = sample.answer.text;
      const bodiesFile = path.join(dir, 'bodies.json');
      writeFileSync(
        bodiesFile,
        JSON.stringify({ 'POST /v1/operations': JSON.parse(responseText) as unknown }),
      );
      bare = await startBareServer(bodiesFile);
      const bareClient = new HttpClient(bare, 1);
      const bareSample = await bareClient.call('POST', '/v1/operations', users[0].token, createBody(1));
      bareClient.close();
      if (bareSample.status !== 201 || bareSample.text !== responseText)
        throw new Error(`the bare server's create answer differs from the API's (${bareSample.status})`);

      // Figure 2 (lifecycle) first, on the fresh store: figure 1 leaves tens of thousands of
      // never-approved operations behind. A short warm-up of the same loop, then lifecycle windows
      // alternating with bare create rounds (ABBA), each figure the median of its rounds.
      const warm = await lifecycleLoad(client, users, LIFECYCLE_CLIENTS, warmUpSeconds * 1000, 20);
      let settleMs = percentile(warm.settleLatencies, 50);
      const lives: Lifecycle[] = [];
      const lifeBare: Load[] = [];
      for (let round = 0; round < rounds; round++) {
        const order: ('life' | 'bare')[] = round % 2 === 0 ? ['bare', 'life'] : ['life', 'bare'];
        for (const side of order) {
          if (side === 'bare') {
            await createLoad(bare, users, warmUpSeconds);
            const load = await createLoad(bare, users, seconds);
            lifeBare.push(load);
            log(
              `operations lifecycle bare round ${round + 1}/${rounds}: ${formatNumber(load.rps)} req/s, p99 ${load.p99} ms`,
            );
            continue;
          }
          const life = await lifecycleLoad(client, users, LIFECYCLE_CLIENTS, lifecycleMs, settleMs);
          settleMs = percentile(life.settleLatencies, 50);
          lives.push(life);
          log(
            `operations lifecycle round ${round + 1}/${rounds}: ${formatNumber(life.opsPerSecond)} ops/s (${life.completed} done in ${lifecycleMs} ms), create p99 ${formatNumber(percentile(life.createLatencies, 99))} ms`,
          );
        }
      }
      const lifeOps = median(lives.map((l) => l.opsPerSecond));
      const createP99s = lives.map((l) => percentile(l.createLatencies, 99));
      const createP99 = median(createP99s);
      const lifeBareRps = median(lifeBare.map((l) => l.rps));
      const lifeBareP99 = median(lifeBare.map((l) => l.p99));
      const all = <T>(pick: (l: Lifecycle) => T[]): T[] => lives.flatMap(pick);
      const completed = lives.reduce((sum, l) => sum + l.completed, 0);
      const txs = lives.reduce((sum, l) => sum + l.txs, 0);
      const polls = lives.reduce((sum, l) => sum + l.polls, 0);
      const approvedDone = lives.reduce((sum, l) => sum + l.approvedDone, 0);
      const settles = all((l) => l.settleLatencies);
      const creates = all((l) => l.createLatencies);
      const approves = all((l) => l.approveLatencies);

      // Figure 1 (create): bare and API alternating.
      const measured: Record<'api' | 'bare', Load[]> = { api: [], bare: [] };
      for (let round = 0; round < rounds; round++) {
        const order: ('api' | 'bare')[] = round % 2 === 0 ? ['bare', 'api'] : ['api', 'bare'];
        for (const side of order) {
          const server = side === 'api' ? api : bare;
          await createLoad(server, users, warmUpSeconds);
          const load = await createLoad(server, users, seconds);
          measured[side].push(load);
          log(
            `operations create ${side} round ${round + 1}/${rounds}: ${formatNumber(load.rps)} req/s, p99 ${load.p99} ms`,
          );
        }
      }
      await bare.stop();
      bare = null;
      const apiRps = median(measured.api.map((l) => l.rps));
      const bareRps = median(measured.bare.map((l) => l.rps));
      const apiP99 = median(measured.api.map((l) => l.p99));
      const bareP99 = median(measured.bare.map((l) => l.p99));
      const createdOps = measured.api.reduce((sum, l) => sum + l.requests, 0);

      const lifeRatio = lifeOps / lifeBareRps;
      const bytes = Buffer.byteLength(JSON.stringify(createBody(users[0].walletId)));

      return [
        {
          name: 'POST /v1/operations (quoted swap)',
          measured: apiRps,
          unit: 'req/s',
          baseline: bareRps,
          ratio: apiRps / bareRps,
          target: { kind: 'ratio>=', value: CREATE_TARGET },
          notes: [
            `p99 latency: API ${formatNumber(apiP99)} ms, bare ${formatNumber(bareP99)} ms; p50: API ${formatNumber(median(measured.api.map((l) => l.p50)))} ms, bare ${formatNumber(median(measured.bare.map((l) => l.p50)))} ms`,
            `${CONNECTIONS} connections, ${rounds} x ${seconds} s per side after ${warmUpSeconds} s warm-up each; API rounds ${measured.api.map((l) => formatNumber(l.rps)).join(', ')}; bare rounds ${measured.bare.map((l) => formatNumber(l.rps)).join(', ')}`,
            `every request a fresh idempotencyKey over ${USERS} users/wallets: ${createdOps} operations created (all 201) in the measured API rounds; request body ~${bytes} bytes, response ${Buffer.byteLength(responseText)} bytes`,
          ],
          rounds: {
            apiRps: measured.api.map((l) => l.rps),
            bareRps: measured.bare.map((l) => l.rps),
            apiP99: measured.api.map((l) => l.p99),
            bareP99: measured.bare.map((l) => l.p99),
          },
        },
        {
          name: 'operation lifecycle (create, approve, done)',
          measured: lifeOps,
          unit: 'ops/s',
          baseline: lifeBareRps,
          baselineUnit: 'req/s',
          ratio: lifeRatio,
          target: { kind: 'ratio>=', value: LIFECYCLE_TARGET },
          notes: [
            `${LIFECYCLE_CLIENTS} clients, one wallet each, ${rounds} x ${lifecycleMs / 1000} s windows after a ${warmUpSeconds} s warm-up, alternating with bare create rounds (the baseline: their median); sandbox block time 0; lifecycle rounds ${lives.map((l) => formatNumber(l.opsPerSecond)).join(', ')} ops/s; bare rounds ${lifeBare.map((l) => formatNumber(l.rps)).join(', ')} req/s`,
            `${completed} operations done in the windows (each checked: its txs all successful, ${formatNumber(txs / Math.max(1, settles.length))} per operation), ${approvedDone} already done in the approve's answer, ${formatNumber(polls / Math.max(1, creates.length))} polls per operation (first poll after ${POLL_FIRST_SHARE} x the moving average of approve-to-done, then every ${POLL_STEP_SHARE} x it)`,
            `latencies under this load (all rounds): create p50 ${formatNumber(percentile(creates, 50))} ms; approve p50/p99 ${formatNumber(percentile(approves, 50))}/${formatNumber(percentile(approves, 99))} ms; approve answer to done p50/p99 ${formatNumber(percentile(settles, 50))}/${formatNumber(percentile(settles, 99))} ms`,
            'the figure holds only if this row and the next (create p99 under this load) both PASS',
          ],
          rounds: { opsPerSecond: lives.map((l) => l.opsPerSecond), bareRps: lifeBare.map((l) => l.rps) },
        },
        {
          name: 'create p99 under lifecycle load',
          measured: createP99,
          unit: 'ms',
          baseline: lifeBareP99,
          baselineUnit: 'ms (bare p99)',
          // Lower is better: create p99 / bare p99 must stay under the factor.
          ratio: createP99 / lifeBareP99,
          target: { kind: 'ratio<=', value: LIFECYCLE_P99_FACTOR },
          notes: [
            `the median of the lifecycle rounds' create p99s (${createP99s.map((p) => formatNumber(p)).join(', ')} ms; ${creates.length} creates measured client-side, fresh keys, ${LIFECYCLE_CLIENTS} in flight at most) against the median p99 of the bare rounds between them (${lifeBare.map((l) => l.p99).join(', ')} ms, whole milliseconds as autocannon reports them; ${CONNECTIONS} connections); all creates pooled: p99 ${formatNumber(percentile(creates, 99))} ms`,
          ],
          rounds: { createP99: createP99s, bareP99: lifeBare.map((l) => l.p99) },
        },
      ];
    } finally {
      client?.close();
      await bare?.stop();
      await api?.stop();
      removeTempDir(dir);
    }
  },
};
