/**
 * The compiled API (apps/api/src/main.js, built fresh) as a real child process, for tests that must kill
 * it (SIGKILL) and start it again on the same data directory, and a small JSON client over HTTP.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
const TSC = path.join(REPO_ROOT, 'node_modules', 'typescript-7', 'bin', 'tsc');

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export interface ApiBuild {
  /** The directory holding the build; remove it when done. */
  root: string;
  /** The compiled API entry point (apps/api/src/main.js). */
  main: string;
}

/**
 * Compiles the current sources the way `npm run build` does (the same compiler and
 * tsconfig.build.json), but into a private directory instead of the shared dist/: other people's
 * builds wipe dist/ at any moment, and wiping it here would break their running processes. The
 * compiled code finds its dependencies through a node_modules link, and `@vetted/*` through
 * register-aliases, which resolves relative to the build. TypeScript emits even when it reports
 * type errors (which may be someone else's work in progress): those are only warned about, as
 * long as the entry point was written.
 */
export function buildApi(): ApiBuild {
  const root = mkdtempSync(path.join(tmpdir(), 'vetted-api-build-'));
  symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  const outDir = path.join(root, 'dist');
  const main = path.join(outDir, 'apps', 'api', 'src', 'main.js');
  const result = spawnSync(process.execPath, [TSC, '-p', 'tsconfig.build.json', '--outDir', outDir], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (result.status === 0 && existsSync(main)) return { root, main };
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`;
  if (!existsSync(main)) {
    rmSync(root, { recursive: true, force: true });
    throw new Error(`the build did not produce ${main}:\n${output}`);
  }
  console.warn(`the build exited with ${result.status} but emitted the API anyway:\n${output}`);
  return { root, main };
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ApiChild {
  process: ChildProcess;
  url: string;
  /** The last lines the child wrote, for error messages. */
  output(): string;
  /** Resolves with the exit code (or signal) once the child is gone. */
  exited: Promise<number | string | null>;
  /** Sends SIGKILL (no shutdown hooks run) and resolves once the child is gone. */
  kill(): Promise<number | string | null>;
}

export interface ApiChildOptions {
  /** The compiled entry point (see buildApi). */
  main: string;
  dataDir: string;
  port: number;
  env?: Record<string, string>;
  readyTimeoutMs?: number;
}

/** Spawns the compiled API and resolves once GET /health/ready answers 200. */
export async function startApiChild(options: ApiChildOptions): Promise<ApiChild> {
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, [options.main], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      EVENT_STORE: 'sqlite',
      READ_STORE: 'memory',
      RUN_WORKERS: 'true',
      ...options.env,
      DATA_DIR: options.dataDir,
      PORT: String(options.port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer): void => {
    tail = (tail + chunk.toString('utf8')).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | string | null>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal));
    child.once('error', (error) => {
      tail += `\nspawn error: ${String(error)}`;
      resolve(null);
    });
  });
  const running = () => child.exitCode === null && child.signalCode === null;
  const api: ApiChild = {
    process: child,
    url,
    output: () => tail,
    exited,
    kill: () => {
      if (running()) child.kill('SIGKILL');
      return exited;
    },
  };
  const deadline = Date.now() + (options.readyTimeoutMs ?? 30_000);
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (!running()) throw new Error(`the API exited (${await exited}) before it was ready:\n${tail}`);
    try {
      const res = await fetch(`${url}/health/ready`);
      if (res.status === 200) return api;
      last = `${res.status} ${await res.text()}`;
    } catch (error) {
      last = String(error);
    }
    await sleep(50);
  }
  await api.kill();
  throw new Error(`the API was not ready within the timeout (last: ${last}):\n${tail}`);
}

export interface JsonResponse {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Headers;
}

/** JSON over HTTP against a running child, with an optional bearer token. */
export class HttpClient {
  constructor(public baseUrl: string) {}

  async request(
    method: string,
    url: string,
    token: string | null = null,
    body?: object,
    headers: Record<string, string> = {},
  ): Promise<JsonResponse> {
    const res = await fetch(this.baseUrl + url, {
      method,
      headers: {
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  get(url: string, token: string | null = null, headers: Record<string, string> = {}) {
    return this.request('GET', url, token, undefined, headers);
  }

  post(url: string, token: string | null = null, body: object = {}, headers: Record<string, string> = {}) {
    return this.request('POST', url, token, body, headers);
  }
}
