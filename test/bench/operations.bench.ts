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
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { type RunningServer, startApi, startBareServer } from './api-process';
import type { Bench, BenchContext } from './bench';
import { HttpClient } from './json-client';
import {
  type Lifecycle,
  type OperationJson,
  POLL_FIRST_SHARE,
  POLL_STEP_SHARE,
  type User,
  createBody,
  lifecycleLoad,
  percentile,
} from './operation-lifecycle';
import { formatNumber, log, type BenchResult } from './report';
import { makeTempDir, median, removeTempDir } from './util';

const USDC = USDC_ADDRESSES.base;
const CONNECTIONS = 32;
const LIFECYCLE_CLIENTS = 16;
/**
 * One wallet per lifecycle client: a wallet's operations execute one after another, so clients
 * sharing one would wait on each other, and a swap reviewed while another of its wallet executes
 * approves its own input (an extra leg).
 */
const USERS = LIFECYCLE_CLIENTS;
/** Per wallet, far more than a run spends (each lifecycle swap sells 1 USDC and pays base gas). */
const FUND_USDC = '10000';
const FUND_ETH = '10';
const CREATE_TARGET = 0.15;
const LIFECYCLE_TARGET = 0.02;
const LIFECYCLE_P99_FACTOR = 4;

interface Load {
  rps: number;
  /** autocannon's: whole milliseconds (its histograms drop the fraction). */
  p99: number;
  p50: number;
  /** The p99 of every response's own latency, fraction included. */
  exactP99: number;
  requests: number;
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
  const latencies: number[] = [];
  const running = autocannon({
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
  running.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await running;
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
    exactP99: percentile(latencies, 99),
    requests: created,
  };
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
              `operations lifecycle bare round ${round + 1}/${rounds}: ${formatNumber(load.rps)} req/s, p99 ${formatNumber(load.exactP99)} ms`,
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
      const lifeBareP99 = median(lifeBare.map((l) => l.exactP99));
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
            `the median of the lifecycle rounds' create p99s (${createP99s.map((p) => formatNumber(p)).join(', ')} ms; ${creates.length} creates measured client-side, fresh keys, ${LIFECYCLE_CLIENTS} in flight at most) against the median p99 of the bare rounds between them (${lifeBare.map((l) => formatNumber(l.exactP99)).join(', ')} ms, from each response's latency; ${CONNECTIONS} connections); all creates pooled: p99 ${formatNumber(percentile(creates, 99))} ms`,
            `autocannon's own p99s of those bare rounds drop the fraction (${lifeBare.map((l) => l.p99).join(', ')} ms): against their median the ratio would be ${formatNumber(createP99 / median(lifeBare.map((l) => l.p99)))}`,
          ],
          rounds: {
            createP99: createP99s,
            bareP99: lifeBare.map((l) => l.exactP99),
            bareWholeMsP99: lifeBare.map((l) => l.p99),
          },
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
