/**
 * Figure 3: rebuilding the in-process read models from the 1M-event store (ALL_PROJECTIONS through
 * ProjectionRunner into a fresh MemoryReadStore, the adapter reading `$all` in its batches) against
 * the bare sequential read-and-JSON.parse of the same rows from the same file. Rounds alternate.
 * The rate is the store's events over the rebuild's time: the runner asks the adapter only for the
 * event types its projections handle (the adapter filters in SQL), and every event the projections
 * handle must have been delivered.
 */
import { SqliteEventStore } from '@vetted/event-store/sqlite/sqlite-event-store';
import { ALL_PROJECTIONS } from '@vetted/platform';
import { ProjectionRunner } from '@vetted/read-store';
import { MemoryReadStore } from '@vetted/read-store/memory/memory-read-store';
import { bareReadAndParse } from './bare-sqlite';
import type { Bench, BenchContext } from './bench';
import { formatNumber, log, type BenchResult } from './report';
import { collectGarbage, median } from './util';

export interface RebuildOutcome {
  ms: number;
  events: number;
  documents: Record<string, number>;
}

export async function rebuildOnce(file: string): Promise<RebuildOutcome> {
  const store = new SqliteEventStore({ file });
  const readStore = new MemoryReadStore();
  let events = 0;
  try {
    const started = performance.now();
    const runner = new ProjectionRunner(store, readStore, ALL_PROJECTIONS, {
      onBatch: (count) => {
        events += count;
      },
    });
    await runner.start();
    const ms = performance.now() - started;
    await runner.stop();
    const documents: Record<string, number> = {};
    for (const projection of ALL_PROJECTIONS)
      documents[projection.name] = await readStore.collection(projection.collection).count();
    return { ms, events, documents };
  } finally {
    await store.close();
    await readStore.close();
  }
}

/** How many events of the store are of a type some projection handles. */
async function handledEvents(file: string): Promise<number> {
  const store = new SqliteEventStore({ file });
  try {
    const types = new Set(ALL_PROJECTIONS.flatMap((p) => p.canHandle));
    const counts = await store.countByType();
    return Object.entries(counts).reduce((sum, [type, n]) => sum + (types.has(type) ? n : 0), 0);
  } finally {
    await store.close();
  }
}

/**
 * The same runner and event types with every event ignored (`documentId` null): what reading those
 * events through the adapter costs by itself. (With no projections at all the runner would ask for
 * no event types and read nothing.)
 */
export async function readOnlyOnce(file: string): Promise<number> {
  const store = new SqliteEventStore({ file });
  try {
    const started = performance.now();
    const ignoring = ALL_PROJECTIONS.map((projection) => ({ ...projection, documentId: () => null }));
    const runner = new ProjectionRunner(store, new MemoryReadStore(), ignoring);
    await runner.start();
    const ms = performance.now() - started;
    await runner.stop();
    return ms;
  } finally {
    await store.close();
  }
}

export const rebuildBench: Bench = {
  name: 'rebuild',
  usesSeed: true,
  describe:
    'projection rebuild of the 1M-event store into MemoryReadStore vs bare read-and-JSON.parse of its rows',
  async run(context: BenchContext): Promise<BenchResult[]> {
    const seeded = await context.seeded();
    const rounds = context.quick ? 1 : 3;
    const handled = await handledEvents(seeded.file);
    const rebuilds: RebuildOutcome[] = [];
    const bare: number[] = [];
    const service: number[] = [];
    // Warm the page cache and the JIT once, unmeasured: every measured round then reads a warm file.
    bareReadAndParse(seeded.file);
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? ['bare', 'service'] : ['service', 'bare'];
      for (const side of order) {
        collectGarbage();
        if (side === 'bare') {
          const { rows, ms } = bareReadAndParse(seeded.file);
          if (rows !== seeded.events)
            throw new Error(`bare read saw ${rows} rows, expected ${seeded.events}`);
          bare.push((rows * 1000) / ms);
        } else {
          const outcome = await rebuildOnce(seeded.file);
          if (outcome.events !== handled)
            throw new Error(`rebuild delivered ${outcome.events} events, expected the ${handled} it handles`);
          rebuilds.push(outcome);
          service.push((seeded.events * 1000) / outcome.ms);
        }
      }
      log(
        `rebuild round ${round + 1}/${rounds}: rebuild ${formatNumber(service[round])} events/s (${formatNumber(rebuilds[round].ms)} ms), bare read+parse ${formatNumber(bare[round])} rows/s`,
      );
    }
    collectGarbage();
    // Not part of the figure: where the time goes (reading through the adapter vs projecting).
    const readOnlyMs = await readOnlyOnce(seeded.file);
    collectGarbage();
    const measured = median(service);
    const baseline = median(bare);
    const last = rebuilds[rebuilds.length - 1];
    const expectedWallets = seeded.signups * 2;
    const docs = last.documents;
    const notes = [
      `median of ${rounds} alternating rounds; rebuild times ${rebuilds.map((r) => formatNumber(r.ms)).join(', ')} ms; bare read+parse ${bare.map((rate) => formatNumber((seeded.events * 1000) / rate)).join(', ')} ms`,
      `breakdown (one extra run): the runner reading the same events and ignoring them (adapter read + JSON.parse + runner loop) takes ${formatNumber(readOnlyMs)} ms = ${formatNumber((seeded.events * 1000) / readOnlyMs)} events/s (ratio ${((seeded.events * 1000) / readOnlyMs / baseline).toFixed(2)} to bare); projecting into the read store adds ~${formatNumber(median(rebuilds.map((r) => r.ms)) - readOnlyMs)} ms`,
      `read models after rebuild: ${Object.entries(docs)
        .map(([name, count]) => `${name}=${count}`)
        .join(', ')}`,
      `the projections handle ${handled} of the ${seeded.events} events (the rest are sequence allocations); the adapter reads only those`,
    ];
    if (docs.wallets !== expectedWallets || docs.feed !== seeded.signups)
      notes.push(`UNEXPECTED document counts: wanted wallets=${expectedWallets}, feed=${seeded.signups}`);
    return [
      {
        name: `projection rebuild (${formatNumber(seeded.events / 1e6)}M events)`,
        measured,
        unit: 'events/s',
        baseline,
        baselineUnit: 'rows/s',
        ratio: measured / baseline,
        target: { kind: 'ratio>=', value: 0.5 },
        notes,
        rounds: { rebuildEventsPerSecond: service, bareRowsPerSecond: bare },
      },
    ];
  },
};
