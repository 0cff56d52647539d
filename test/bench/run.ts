/**
 * Runs the benchmarks and prints one summary table: every figure next to a baseline measured in
 * the same run, their ratio and the target. Exits 0 even when a target is missed (FAIL is printed).
 *
 *   npm run bench                      all of them
 *   npm run bench -- http boot         a subset, by name
 *   npm run bench -- --json            the results as JSON on stdout (progress stays on stderr)
 *   npm run bench -- --quick           scaled down, to check the harness (figures not comparable)
 */
import '../../libs/kernel/src/register-aliases';
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
        results.push(...(await bench.run(context)));
      } catch (error) {
        log(
          `${bench.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        results.push({
          name: bench.name,
          measured: Number.NaN,
          unit: '',
          baseline: null,
          ratio: null,
          target: null,
          error: error instanceof Error ? error.message.split('\n')[0] : String(error),
        });
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

main().catch((error: unknown) => {
  console.error(error);
  cleanUpEverything();
  process.exitCode = 1;
});
