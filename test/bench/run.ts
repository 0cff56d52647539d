/**
 * Runs the benchmarks and prints one summary table: every figure next to a baseline measured in
 * the same run, their ratio and the target. Exits 0 even when a target is missed (FAIL is printed).
 *
 *   npm run bench                      all of them
 *   npm run bench -- http boot         a subset, by name
 *   npm run bench -- --json            the results as JSON on stdout (progress stays on stderr)
 *   npm run bench -- --quick           scaled down, to check the harness (figures not comparable)
 *
 * Each benchmark runs in a fresh child process of its own (`--child <name>`, its results as JSON on
 * stdout), so that none measures through a load generator whose heap the benchmarks before it grew:
 * after seeding and rebuilding the 1M-event store in this process, the lifecycle's clients paused
 * for major GCs of 5-16 ms every 2-3 s (34 during the operations benchmark; 3 in a fresh process),
 * and each pause delayed every create in flight, about the slowest 1% of them. The 1M-event store
 * is seeded here, once, and handed to the benchmarks that read it.
 */
import '../../libs/kernel/src/register-aliases';
import { spawn } from 'node:child_process';
import { appendBench } from './append.bench';
import type { Bench, BenchContext } from './bench';
import { bootBench } from './boot.bench';
import { concurrentAppendBench } from './concurrent-append.bench';
import { httpBench } from './http.bench';
import { operationsBench } from './operations.bench';
import { rebuildBench } from './rebuild.bench';
import { refreshBench } from './refresh.bench';
import { type BenchResult, formatNumber, log, summaryTable, verdict } from './report';
import { EVENTS_PER_SIGNUP, type SeededStore, seedSignups } from './seed';
import { transfersBench } from './transfers.bench';
import { cleanUpEverything, installCleanupHooks, removeTempDir } from './util';

const BENCHES: readonly Bench[] = [
  appendBench,
  concurrentAppendBench,
  httpBench,
  rebuildBench,
  bootBench,
  transfersBench,
  refreshBench,
  operationsBench,
];

/** 200,000 signups x 5 events = 1,000,000 events. */
const SIGNUPS = 200_000;
const QUICK_SIGNUPS = 20_000;

function usage(): string {
  return [
    'usage: node dist/test/bench/run.js [--json] [--quick] [name ...]',
    '',
    ...BENCHES.map((b) => `  ${b.name.padEnd(11)} ${b.describe}`),
  ].join('\n');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage());
    return;
  }
  const child = args.indexOf('--child');
  if (child !== -1) return runChild(args[child + 1], args.includes('--quick'), seededArgument(args));
  const json = args.includes('--json');
  const quick = args.includes('--quick');
  const unknownFlags = args.filter((a) => a.startsWith('-') && !['--json', '--quick'].includes(a));
  const names = args.filter((a) => !a.startsWith('-'));
  const unknownNames = names.filter((n) => !BENCHES.some((b) => b.name === n || b.name.startsWith(n)));
  if (unknownFlags.length || unknownNames.length) {
    console.error(`unknown: ${[...unknownFlags, ...unknownNames].join(' ')}\n${usage()}`);
    process.exitCode = 2;
    return;
  }
  const selected = names.length
    ? BENCHES.filter((b) => names.some((n) => b.name === n || b.name.startsWith(n)))
    : BENCHES;

  installCleanupHooks();
  const results: BenchResult[] = [];
  let seeded: Promise<SeededStore> | null = null;
  const context: BenchContext = {
    quick,
    seeded() {
      seeded ??= (async () => {
        const signups = quick ? QUICK_SIGNUPS : SIGNUPS;
        log(
          `seeding ${formatNumber(signups * EVENTS_PER_SIGNUP)} events (${formatNumber(signups)} signups) through the SQLite adapter`,
        );
        const store = await seedSignups(signups);
        log(`seeded in ${formatNumber(store.seedMs / 1000)} s`);
        results.push({
          name: `seed ${formatNumber(store.events / 1e6)}M events (adapter)`,
          measured: store.seedMs / 1000,
          unit: 's',
          baseline: null,
          ratio: null,
          target: null,
          notes: [
            `${formatNumber(store.signups)} signups x ${EVENTS_PER_SIGNUP} events, 1000 signups in flight through SqliteEventStore: ${formatNumber((store.events * 1000) / store.seedMs)} events/s`,
          ],
        });
        return store;
      })();
      return seeded;
    },
  };

  const started = performance.now();
  log(`running ${selected.map((b) => b.name).join(', ')}${quick ? ' (QUICK: figures not comparable)' : ''}`);
  try {
    for (const bench of selected) {
      const benchStarted = performance.now();
      log(`== ${bench.name}: ${bench.describe}`);
      try {
        const seededStore = bench.usesSeed ? await context.seeded() : null;
        results.push(...(await runIsolated(bench, quick, seededStore)));
      } catch (error) {
        results.push(failedRow(bench, error));
      }
      log(`== ${bench.name} done in ${formatNumber((performance.now() - benchStarted) / 1000)} s`);
    }
  } finally {
    if (seeded !== null) {
      const store = await (seeded as Promise<SeededStore>).catch(() => null);
      if (store) removeTempDir(store.dir);
    }
    cleanUpEverything();
  }

  const totalSeconds = (performance.now() - started) / 1000;
  if (json) {
    console.log(
      JSON.stringify(
        { quick, totalSeconds, results: results.map((r) => ({ ...r, verdict: verdict(r) })) },
        (_, value: unknown) => (typeof value === 'number' && !Number.isFinite(value) ? null : value),
        2,
      ),
    );
  } else {
    console.log('');
    console.log(
      `Vetted benchmarks${quick ? ' (QUICK: scaled down, figures not comparable)' : ''}, ${formatNumber(totalSeconds)} s, node ${process.version}`,
    );
    console.log(summaryTable(results));
  }
}

/** The row of a benchmark that could not measure (logged with its stack); it FAILs. */
function failedRow(bench: Bench, error: unknown): BenchResult {
  log(`${bench.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return {
    name: bench.name,
    measured: Number.NaN,
    unit: '',
    baseline: null,
    ratio: null,
    target: null,
    error: error instanceof Error ? error.message.split('\n')[0] : String(error),
  };
}

/** Runs one benchmark in a fresh node process with this one's flags; its rows come back as JSON. */
function runIsolated(bench: Bench, quick: boolean, seeded: SeededStore | null): Promise<BenchResult[]> {
  const args = [...process.execArgv, __filename, '--child', bench.name];
  if (quick) args.push('--quick');
  if (seeded) args.push('--seeded', JSON.stringify(seeded));
  return new Promise((resolve, reject) => {
    // Progress goes to stderr as it comes; the rows are the child's whole stdout.
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code !== 0) return reject(new Error(`${bench.name} exited with ${code ?? signal}`));
      try {
        // JSON has no NaN: a row that could not measure came back with a null.
        const rows = JSON.parse(out) as (BenchResult & { measured: number | null })[];
        resolve(rows.map((row) => (row.measured === null ? { ...row, measured: Number.NaN } : row)));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

/** `--seeded <json>`: the store the parent seeded, for a child running a benchmark that reads it. */
function seededArgument(args: string[]): SeededStore | null {
  const at = args.indexOf('--seeded');
  return at === -1 ? null : (JSON.parse(args[at + 1]) as SeededStore);
}

/** In a child: runs the one benchmark named and prints its rows as JSON (errors become a failed row). */
async function runChild(name: string, quick: boolean, seeded: SeededStore | null): Promise<void> {
  const bench = BENCHES.find((b) => b.name === name);
  if (!bench) throw new Error(`no benchmark named ${name}`);
  installCleanupHooks();
  const context: BenchContext = {
    quick,
    seeded: () =>
      seeded
        ? Promise.resolve(seeded)
        : Promise.reject(new Error('run through run.js, which seeds the store')),
  };
  let rows: BenchResult[];
  try {
    rows = await bench.run(context);
  } catch (error) {
    rows = [failedRow(bench, error)];
  } finally {
    cleanUpEverything();
  }
  process.stdout.write(JSON.stringify(rows));
}

main().catch((error: unknown) => {
  console.error(error);
  cleanUpEverything();
  process.exitCode = 1;
});
