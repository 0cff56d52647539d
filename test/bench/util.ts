/**
 * Small helpers shared by the benchmarks: temp directories that are always removed, child
 * processes that are always killed, free ports, medians, and a way to settle the heap between rounds.
 */
import { type ChildProcess, spawn, type SpawnOptions } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

// ---------------------------------------------------------------------------------------------
// Temp directories

const tempDirs = new Set<string>();

/** A fresh directory under os.tmpdir(), removed by `removeTempDir` or at exit at the latest. */
export function makeTempDir(label: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `vetted-bench-${label}-`));
  tempDirs.add(dir);
  return dir;
}

export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

// ---------------------------------------------------------------------------------------------
// Child processes

const children = new Set<ChildProcess>();

export interface Child {
  process: ChildProcess;
  /** The last lines the child wrote to stdout/stderr, for error messages. */
  output(): string;
  /** Resolves with the exit code (or signal) once the child is gone. */
  exited: Promise<number | string | null>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the child has exited. */
  stop(graceMs?: number): Promise<void>;
}

export function spawnChild(command: string, args: string[], options: SpawnOptions): Child {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let tail = '';
  const keep = (chunk: Buffer): void => {
    tail = (tail + chunk.toString('utf8')).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | string | null>((resolve) => {
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve(code ?? signal);
    });
    child.once('error', (error) => {
      children.delete(child);
      tail += `\nspawn error: ${String(error)}`;
      resolve(null);
    });
  });
  const stop = async (graceMs = 5000): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null || !children.has(child)) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };
  return { process: child, output: () => tail, exited, stop };
}

/** Kills every child still running and removes every temp dir; safe to call more than once. */
export function cleanUpEverything(): void {
  for (const child of children) {
    try {
      child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
  children.clear();
  for (const dir of [...tempDirs]) {
    try {
      removeTempDir(dir);
    } catch {
      // best effort at exit
    }
  }
}

let hooksInstalled = false;
/** Makes sure children die and temp dirs go away however the bench process ends. */
export function installCleanupHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.on('exit', cleanUpEverything);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.once(signal, () => {
      cleanUpEverything();
      process.exit(130);
    });
  process.on('uncaughtException', (error) => {
    console.error('uncaught exception:', error);
    cleanUpEverything();
    process.exit(1);
  });
  process.on('unhandledRejection', (error) => {
    console.error('unhandled rejection:', error);
    cleanUpEverything();
    process.exit(1);
  });
}

// ---------------------------------------------------------------------------------------------
// Ports and HTTP

/** A port that was free a moment ago: listen on port 0, read it, close. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no port'))));
    });
  });
}

/** Polls `url` every `everyMs` until it answers 200; returns the ms from `since` to that answer. */
export async function waitFor200(
  url: string,
  options: { since: number; everyMs?: number; timeoutMs: number; child?: Child },
): Promise<number> {
  const everyMs = options.everyMs ?? 50;
  const deadline = options.since + options.timeoutMs;
  let childGone = false;
  void options.child?.exited.then(() => (childGone = true));
  for (;;) {
    const attempt = performance.now();
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - options.since;
    } catch {
      // not listening yet
    }
    if (childGone)
      throw new Error(
        `the process serving ${url} exited before answering:\n${options.child?.output() ?? ''}`,
      );
    if (performance.now() > deadline)
      throw new Error(
        `${url} did not answer 200 within ${options.timeoutMs} ms:\n${options.child?.output() ?? ''}`,
      );
    const wait = everyMs - (performance.now() - attempt);
    if (wait > 0) await sleep(wait);
  }
}

// ---------------------------------------------------------------------------------------------
// Heap

let gcFunction: (() => void) | null | undefined;
/** Full GC between rounds (so one round's garbage is not collected during the next one's clock). */
export function collectGarbage(): void {
  if (gcFunction === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      gcFunction = runInNewContext('gc') as () => void;
    } catch {
      gcFunction = null;
    }
  }
  gcFunction?.();
}

/** Where the compiled repository root is (dist/), from dist/test/bench/. */
export const distRoot = path.resolve(__dirname, '..', '..');
