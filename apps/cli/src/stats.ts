import { formatPosition, parsePosition } from '@vetted/event-store';
import type { Config } from '@vetted/kernel';
import { ALL_PROJECTIONS, openEventStore, openReadStore } from '@vetted/platform';
import { checkpointName } from '@vetted/read-store';

/** Prints events per type, the head of `$all`, and where each projector stands. */
export async function stats(config: Config): Promise<number> {
  const store = await openEventStore(config);
  const readStore = await openReadStore(config);
  try {
    const [counts, head] = await Promise.all([store.countByType(), store.headPosition()]);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(
      `event store: ${config.eventStore}   events: ${total}   head of $all: ${head ? formatPosition(head) : '(empty)'}`,
    );
    console.log('\nevents per type');
    for (const [type, count] of Object.entries(counts).sort((a, b) => b[1] - a[1]))
      console.log(`  ${type.padEnd(32)} ${String(count).padStart(10)}`);

    console.log(`\nprojections (read store: ${config.readStore})`);
    if (!readStore.durable) {
      console.log(
        '  the in-process read store lives inside the API process and is rebuilt at its boot;\n' +
          '  GET /health/ready on the running API shows its checkpoints, GET /metrics its lag.',
      );
      return 0;
    }
    const checkpoints = await readStore.checkpoints.all();
    for (const projection of ALL_PROJECTIONS) {
      const name = checkpointName(projection);
      const at = checkpoints[name] ? parsePosition(checkpoints[name]) : null;
      const lag = head === null ? 0n : head.commit - (at?.commit ?? 0n);
      console.log(
        `  ${name.padEnd(24)} checkpoint ${(at ? formatPosition(at) : 'none').padEnd(16)} lag ${lag}`,
      );
    }
    return 0;
  } finally {
    await store.close();
    await readStore.close();
  }
}
