/**
 * The compiled API (dist/apps/api/src/main.js) as a child process on a free port, and the bare
 * Fastify baseline server (dist/test/bench/bare-fastify-server.js) the same way.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Child, distRoot, freePort, spawnChild, waitFor200 } from './util';

export const API_MAIN = path.join(distRoot, 'apps', 'api', 'src', 'main.js');
export const BARE_SERVER_MAIN = path.join(__dirname, 'bare-fastify-server.js');

export interface RunningServer {
  child: Child;
  port: number;
  url: string;
  /** ms from spawn to the first 200 of the readiness URL (polled every 50 ms). */
  bootMs: number;
  stop(): Promise<void>;
}

interface NodeServerOptions {
  script: string;
  args?: string[];
  nodeArgs?: string[];
  env: Record<string, string>;
  cwd?: string;
  readyPath: string;
  timeoutMs: number;
}

async function startNodeServer(options: NodeServerOptions): Promise<RunningServer> {
  if (!existsSync(options.script))
    throw new Error(`${options.script} is missing: run \`npm run build\` first`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const since = performance.now();
  const child = spawnChild(
    process.execPath,
    [...(options.nodeArgs ?? []), options.script, ...(options.args ?? [])],
    {
      env: { ...process.env, ...options.env, PORT: String(port) },
      cwd: options.cwd ?? process.cwd(),
    },
  );
  try {
    const bootMs = await waitFor200(url + options.readyPath, {
      since,
      everyMs: 50,
      timeoutMs: options.timeoutMs,
      child,
    });
    return { child, port, url, bootMs, stop: () => child.stop() };
  } catch (error) {
    await child.stop(1000);
    throw error;
  }
}

export interface ApiOptions {
  dataDir: string;
  /** Extra arguments for node, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
  /** Working directory of the child (where `--cpu-prof` writes). */
  cwd?: string;
  timeoutMs?: number;
  env?: Record<string, string>;
}

/** The node flags `npm start` runs the API with (package.json). */
export const SERVICE_NODE_FLAGS = ['--max-semi-space-size=32'];

/** Spawns the API and resolves once /health/live answers 200 (i.e. after the read models are rebuilt). */
export function startApi(options: ApiOptions): Promise<RunningServer> {
  return startNodeServer({
    script: API_MAIN,
    nodeArgs: [...SERVICE_NODE_FLAGS, ...(options.nodeArgs ?? [])],
    cwd: options.cwd,
    env: {
      DATA_DIR: options.dataDir,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      EVENT_STORE: 'sqlite',
      READ_STORE: 'memory',
      ...options.env,
    },
    readyPath: '/health/live',
    timeoutMs: options.timeoutMs ?? 120_000,
  });
}

/** Spawns the bare Fastify server answering with the bodies stored in `bodiesFile`. */
export function startBareServer(bodiesFile: string): Promise<RunningServer> {
  return startNodeServer({
    script: BARE_SERVER_MAIN,
    args: [bodiesFile],
    env: {},
    readyPath: '/__ready',
    timeoutMs: 30_000,
  });
}
