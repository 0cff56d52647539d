/**
 * Figure 2: 50 concurrent writers, each awaiting its own appends in a loop on its own stream
 * (expected revision = the one its previous append returned), through the SQLite adapter, against
 * the bare single-insert-transaction rate of figure 1 (re-measured here, alternating with it).
 */
import { SqliteEventStore } from '@vetted/event-store/sqlite/sqlite-event-store';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { alternate } from './append.bench';
import { BareInserter, benchEvent, openBareDatabase } from './bare-sqlite';
import type { Bench, BenchContext } from './bench';
import { formatNumber, type BenchResult } from './report';
import { makeTempDir, median, removeTempDir } from './util';

export const WRITERS = 50;

export async function concurrentRate(
  store: SqliteEventStore,
  writers: number,
  durationMs: number,
): Promise<{ rate: number; count: number; ms: number }> {
  let stop = false;
  let count = 0;
  const start = performance.now();
  const writer = async (): Promise<void> => {
    const streamId = `bench-writer-${randomUUID()}`;
    let expectedRevision: number | 'no_stream' = 'no_stream';
    while (!stop) {
      const result = await store.appendToStream(streamId, [benchEvent(count)], { expectedRevision });
      expectedRevision = result.nextExpectedRevision;
      count++;
    }
  };
  const timer = setTimeout(() => (stop = true), durationMs);
  try {
    await Promise.all(Array.from({ length: writers }, writer));
  } finally {
    clearTimeout(timer);
    stop = true;
  }
  const ms = performance.now() - start;
  return { rate: (count * 1000) / ms, count, ms };
}

export const concurrentAppendBench: Bench = {
  name: 'concurrent',
  describe: `${WRITERS} concurrent writers via the SQLite adapter (group commit) vs bare single-insert transactions`,
  async run(context: BenchContext): Promise<BenchResult[]> {
    const rounds = context.quick ? 2 : 5;
    const roundMs = context.quick ? 400 : 1500;
    const dir = makeTempDir('concurrent');
    const store = new SqliteEventStore({ file: path.join(dir, 'adapter.sqlite') });
    const bareDb = openBareDatabase(path.join(dir, 'bare.sqlite'));
    try {
      const inserter = new BareInserter(bareDb);
      inserter.run(300);
      await concurrentRate(store, WRITERS, 300);
      const before = store.stats();
      const rates = await alternate(
        rounds,
        () => inserter.run(roundMs).rate,
        async () => (await concurrentRate(store, WRITERS, roundMs)).rate,
        'concurrent',
      );
      const after = store.stats();
      const measured = median(rates.service);
      const baseline = median(rates.bare);
      const appends = after.appends - before.appends;
      const transactions = after.transactions - before.transactions;
      return [
        {
          name: `concurrent appends (${WRITERS} writers)`,
          measured,
          unit: 'appends/s',
          baseline,
          ratio: measured / baseline,
          target: { kind: 'ratio>=', value: 2.0 },
          notes: [
            `median of ${rounds} alternating rounds of ${roundMs} ms; adapter rounds ${rates.service.map(formatNumber).join(', ')}; bare rounds ${rates.bare.map(formatNumber).join(', ')}`,
            `group commit: ${appends} appends in ${transactions} transactions (${formatNumber(appends / Math.max(1, transactions))} appends per fsync)`,
          ],
          rounds: { adapter: rates.service, bare: rates.bare },
        },
      ];
    } finally {
      await store.close();
      bareDb.close();
      removeTempDir(dir);
    }
  },
};
