/**
 * Figure 1: one event on a new stream per append, sequential awaits, through the SQLite adapter,
 * against bare better-sqlite3 single-insert transactions on an identical table (own temp file,
 * same pragmas). Rounds alternate which side goes first; the figure is the median of the rounds.
 */
import { SqliteEventStore } from '@vetted/event-store/sqlite/sqlite-event-store';
import { WAL_AUTOCHECKPOINT_PAGES } from '@vetted/kernel';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { BareInserter, benchEvent, openBareDatabase } from './bare-sqlite';
import type { Bench, BenchContext } from './bench';
import { formatNumber, log, type BenchResult } from './report';
import { collectGarbage, makeTempDir, median, removeTempDir } from './util';

export async function adapterSequentialRate(
  store: SqliteEventStore,
  durationMs: number,
): Promise<{ rate: number; count: number; ms: number }> {
  const start = performance.now();
  const end = start + durationMs;
  let count = 0;
  let now = start;
  while (now < end) {
    const event = benchEvent(count);
    await store.appendToStream(`bench-${randomUUID()}`, [event], { expectedRevision: 'no_stream' });
    count++;
    now = performance.now();
  }
  const ms = now - start;
  return { rate: (count * 1000) / ms, count, ms };
}

export interface AlternatedRates {
  service: number[];
  bare: number[];
}

/** Runs `rounds` pairs, alternating which side goes first, with a GC before each measurement. */
export async function alternate(
  rounds: number,
  bare: () => number,
  service: () => Promise<number>,
  label: string,
): Promise<AlternatedRates> {
  const result: AlternatedRates = { service: [], bare: [] };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ['bare', 'service'] : ['service', 'bare'];
    for (const side of order) {
      collectGarbage();
      if (side === 'bare') result.bare.push(bare());
      else result.service.push(await service());
    }
    log(
      `${label} round ${round + 1}/${rounds}: adapter ${formatNumber(result.service[round])}/s, bare ${formatNumber(result.bare[round])}/s`,
    );
  }
  return result;
}

export const appendBench: Bench = {
  name: 'append',
  describe: 'sequential single-event appends via the SQLite adapter vs bare better-sqlite3 transactions',
  async run(context: BenchContext): Promise<BenchResult[]> {
    const rounds = context.quick ? 2 : 5;
    const roundMs = context.quick ? 400 : 1500;
    const dir = makeTempDir('append');
    const store = new SqliteEventStore({ file: path.join(dir, 'adapter.sqlite') });
    const bareDb = openBareDatabase(path.join(dir, 'bare.sqlite'));
    try {
      const inserter = new BareInserter(bareDb);
      // Warm-up: JIT, statement caches, and each side's WAL past its first growth. While a WAL file
      // grows, every fdatasync also writes the file's new size; once it has reached its checkpoint
      // size, commits overwrite it in place. The adapter's WAL grows to WAL_AUTOCHECKPOINT_PAGES
      // (41 MB): measured in 500 ms windows from a new file, 2,000-2,400 appends/s for the first
      // 8,000 appends, 3,700-4,100 after. Each append writes at least one frame, so this many of them
      // take the WAL past its first checkpoint. SQLite's default WAL, the bare side's, is 1,000 pages.
      // With a 300 ms warm-up the adapter's first rounds ran at half its later rate. (The service's
      // store also checkpoints on a worker every 250 ms, so its WAL stays a few MB; this store, the
      // class's default, relies on wal_autocheckpoint alone.)
      inserter.run(300);
      for (let i = 0; i < WAL_AUTOCHECKPOINT_PAGES; i++)
        await store.appendToStream(`warm-up-${i}`, [benchEvent(i)], { expectedRevision: 'no_stream' });
      const rates = await alternate(
        rounds,
        () => inserter.run(roundMs).rate,
        async () => (await adapterSequentialRate(store, roundMs)).rate,
        'append',
      );
      const measured = median(rates.service);
      const baseline = median(rates.bare);
      const stats = store.stats();
      return [
        {
          name: 'event append (sequential)',
          measured,
          unit: 'appends/s',
          baseline,
          ratio: measured / baseline,
          target: { kind: 'ratio>=', value: 0.6 },
          notes: [
            `median of ${rounds} alternating rounds of ${roundMs} ms; adapter rounds ${rates.service.map(formatNumber).join(', ')}; bare rounds ${rates.bare.map(formatNumber).join(', ')}`,
            `adapter: ${stats.appends} appends in ${stats.transactions} transactions`,
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
