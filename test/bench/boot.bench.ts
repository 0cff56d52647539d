/**
 * Figure 5: time from spawning the API on the 1M-event data dir until /health/live answers 200
 * (polled every 50 ms); the API listens only once its in-process read models are rebuilt. The
 * baseline, for scale, is the same measurement on an empty data dir. Rounds alternate.
 */
import path from 'node:path';
import { startApi } from './api-process';
import type { Bench, BenchContext } from './bench';
import { formatNumber, log, type BenchResult } from './report';
import { makeTempDir, median, removeTempDir } from './util';

export const BOOT_TARGET_SECONDS = 20;

async function bootOnce(dataDir: string): Promise<number> {
  const api = await startApi({ dataDir, timeoutMs: 180_000 });
  try {
    return api.bootMs;
  } finally {
    await api.stop();
  }
}

export const bootBench: Bench = {
  name: 'boot',
  usesSeed: true,
  describe: 'API boot (spawn to first 200 on /health/live) on the 1M-event store vs on an empty store',
  async run(context: BenchContext): Promise<BenchResult[]> {
    const seeded = await context.seeded();
    const rounds = context.quick ? 1 : 2;
    const emptyRoot = makeTempDir('boot-empty');
    const full: number[] = [];
    const empty: number[] = [];
    try {
      for (let round = 0; round < rounds; round++) {
        // A fresh empty DATA_DIR each time, so every empty boot also creates its file and secret.
        empty.push(await bootOnce(path.join(emptyRoot, `round-${round}`)));
        full.push(await bootOnce(seeded.dir));
        log(
          `boot round ${round + 1}/${rounds}: ${formatNumber(seeded.events)} events ${formatNumber(full[round])} ms, empty ${formatNumber(empty[round])} ms`,
        );
      }
    } finally {
      removeTempDir(emptyRoot);
    }
    const measured = median(full) / 1000;
    const baseline = median(empty) / 1000;
    return [
      {
        name: `API boot (${formatNumber(seeded.events / 1e6)}M events)`,
        measured,
        unit: 's',
        baseline,
        baselineUnit: 's (empty)',
        ratio: null,
        target: { kind: 'max', value: BOOT_TARGET_SECONDS },
        notes: [
          `median of ${rounds}; boots ${full.map((ms) => formatNumber(ms / 1000)).join(', ')} s; empty-store boots ${empty.map((ms) => formatNumber(ms / 1000)).join(', ')} s`,
          `so about ${formatNumber(measured - baseline)} s of the boot is the rebuild of ${formatNumber(seeded.events)} events (${formatNumber(seeded.events / Math.max(0.001, measured - baseline))} events/s in the API process)`,
        ],
        rounds: { bootMs: full, emptyBootMs: empty },
      },
    ];
  },
};
