/**
 * Figure 4: GET /v1/wallets/list (bearer) and GET /v1/activity/feed?scope=global through the whole
 * stack (the compiled API as a child process, on a store of 1,000 signups made over HTTP) against a
 * bare Fastify child process answering the exact same JSON bodies. Load comes from autocannon in
 * this process; bare and API rounds alternate (ABBA), each after its own warm-up; medians.
 */
import autocannon from 'autocannon';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { type RunningServer, startApi, startBareServer } from './api-process';
import type { Bench, BenchContext } from './bench';
import { formatNumber, log, type BenchResult } from './report';
import { makeTempDir, median, removeTempDir } from './util';

const SIGNUPS = 1000;
const CONNECTIONS = 32;

interface Endpoint {
  label: string;
  path: string;
  headers: Record<string, string>;
}

interface Load {
  rps: number;
  p99: number;
  p50: number;
}

async function signUpMany(api: RunningServer, count: number, concurrency: number): Promise<string[]> {
  const tokens: string[] = new Array(count);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (;;) {
      const i = next++;
      if (i >= count) return;
      const response = await fetch(`${api.url}/v1/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: `bench_user_${i}` }),
      });
      const text = await response.text();
      if (response.status !== 201) throw new Error(`signup ${i} answered ${response.status}: ${text}`);
      tokens[i] = (JSON.parse(text) as { token: string }).token;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return tokens;
}

async function getJson(
  url: string,
  headers: Record<string, string>,
): Promise<{ text: string; body: unknown }> {
  const response = await fetch(url, { headers });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${text}`);
  return { text, body: JSON.parse(text) };
}

async function load(server: RunningServer, endpoint: Endpoint, seconds: number): Promise<Load> {
  const result = await autocannon({
    url: server.url + endpoint.path,
    connections: CONNECTIONS,
    duration: seconds,
    headers: endpoint.headers,
  });
  if (result.errors || result.timeouts || result.non2xx)
    throw new Error(
      `${endpoint.label} on ${server.url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`,
    );
  return { rps: result.requests.average, p99: result.latency.p99, p50: result.latency.p50 };
}

export const httpBench: Bench = {
  name: 'http',
  describe:
    'wallets list and global feed through the API (child process) vs a bare Fastify child with the same bodies',
  async run(context: BenchContext): Promise<BenchResult[]> {
    const rounds = 2;
    const warmUpSeconds = context.quick ? 1 : 2;
    const seconds = context.quick ? 2 : 8;
    const signups = context.quick ? 100 : SIGNUPS;
    const dir = makeTempDir('http');
    let api: RunningServer | null = null;
    let bare: RunningServer | null = null;
    try {
      api = await startApi({ dataDir: path.join(dir, 'data') });
      log(`http: API up in ${formatNumber(api.bootMs)} ms; ${signups} signups over HTTP`);
      const started = performance.now();
      const tokens = await signUpMany(api, signups, 8);
      log(`http: ${signups} signups in ${formatNumber(performance.now() - started)} ms`);

      const token = tokens[Math.floor(signups / 2)];
      const endpoints: Endpoint[] = [
        {
          label: 'GET /v1/wallets/list',
          path: '/v1/wallets/list',
          headers: { authorization: `Bearer ${token}` },
        },
        { label: 'GET /v1/activity/feed?scope=global', path: '/v1/activity/feed?scope=global', headers: {} },
      ];
      const bodies: Record<string, unknown> = {};
      const texts: Record<string, string> = {};
      for (const endpoint of endpoints) {
        const { text, body } = await getJson(api.url + endpoint.path, endpoint.headers);
        bodies[endpoint.path] = body;
        texts[endpoint.path] = text;
      }
      const bodiesFile = path.join(dir, 'bodies.json');
      writeFileSync(bodiesFile, JSON.stringify(bodies));
      bare = await startBareServer(bodiesFile);
      for (const endpoint of endpoints) {
        const { text } = await getJson(bare.url + endpoint.path, endpoint.headers);
        if (text !== texts[endpoint.path])
          throw new Error(`the bare server's ${endpoint.label} body differs from the API's`);
      }

      const results: BenchResult[] = [];
      for (const endpoint of endpoints) {
        const measured: Record<'api' | 'bare', Load[]> = { api: [], bare: [] };
        for (let round = 0; round < rounds; round++) {
          const order: ('api' | 'bare')[] = round % 2 === 0 ? ['bare', 'api'] : ['api', 'bare'];
          for (const side of order) {
            const server = side === 'api' ? api : bare;
            await load(server, endpoint, warmUpSeconds);
            measured[side].push(await load(server, endpoint, seconds));
            const last = measured[side][measured[side].length - 1];
            log(
              `http ${endpoint.label} ${side} round ${round + 1}/${rounds}: ${formatNumber(last.rps)} req/s, p99 ${last.p99} ms`,
            );
          }
        }
        const apiRps = median(measured.api.map((l) => l.rps));
        const bareRps = median(measured.bare.map((l) => l.rps));
        const bytes = Buffer.byteLength(texts[endpoint.path]);
        results.push({
          name: endpoint.label,
          measured: apiRps,
          unit: 'req/s',
          baseline: bareRps,
          ratio: apiRps / bareRps,
          target: { kind: 'ratio>=', value: 0.4 },
          notes: [
            `p99 latency: API ${formatNumber(median(measured.api.map((l) => l.p99)))} ms, bare ${formatNumber(median(measured.bare.map((l) => l.p99)))} ms; p50: API ${formatNumber(median(measured.api.map((l) => l.p50)))} ms, bare ${formatNumber(median(measured.bare.map((l) => l.p50)))} ms`,
            `${CONNECTIONS} connections, ${rounds} x ${seconds} s per side after ${warmUpSeconds} s warm-up each; API rounds ${measured.api.map((l) => formatNumber(l.rps)).join(', ')}; bare rounds ${measured.bare.map((l) => formatNumber(l.rps)).join(', ')}; body ${bytes} bytes; store: ${signups} signups`,
          ],
          rounds: {
            apiRps: measured.api.map((l) => l.rps),
            bareRps: measured.bare.map((l) => l.rps),
            apiP99: measured.api.map((l) => l.p99),
            bareP99: measured.bare.map((l) => l.p99),
          },
        });
      }
      return results;
    } finally {
      await bare?.stop();
      await api?.stop();
      removeTempDir(dir);
    }
  },
};
