import { SingleBar, Presets } from 'cli-progress';
import type { Config } from '@vetted/kernel';
import { ALL_PROJECTIONS, openEventStore, openReadStore, projectionNamed } from '@vetted/platform';
import { ProjectionRunner, checkpointName } from '@vetted/read-store';

/**
 * Rebuilds one read model from the start of `$all`: its collection and checkpoint are cleared,
 * then every event is projected again. Against the in-process store this verifies that the
 * projection replays cleanly and measures it; against MongoDB it rewrites the collection (stop
 * the workers first, or bump the collection version to rebuild beside the live one).
 */
export async function replay(config: Config, name: string): Promise<number> {
  const projection = projectionNamed(name);
  if (!projection) {
    console.error(`no projection "${name}"; known: ${ALL_PROJECTIONS.map((p) => p.name).join(', ')}`);
    return 64;
  }
  const store = await openEventStore(config);
  const readStore = await openReadStore(config);
  try {
    const head = await store.headPosition();
    const total = Number(head?.commit ?? 0n);
    await readStore.collection(projection.collection).clear();
    await readStore.checkpoints.delete(checkpointName(projection));

    const bar = new SingleBar(
      {
        format: `replay ${name} [{bar}] {percentage}% | {value}/{total} | {eta_formatted} left`,
        etaBuffer: 50,
      },
      Presets.shades_classic,
    );
    bar.start(total, 0);
    const started = Date.now();
    let events = 0;
    const runner = new ProjectionRunner(store, readStore, [projection], {
      onBatch: (count, last) => {
        events += count;
        bar.update(Math.min(total, Number(last.commit)));
      },
    });
    await runner.start();
    await runner.stop();
    bar.update(total);
    bar.stop();
    const seconds = (Date.now() - started) / 1000;
    const documents = await readStore.collection(projection.collection).count();
    console.log(
      `replayed ${name} over ${total} events of $all: applied the ${events} of its types, ${documents} documents,` +
        ` in ${seconds.toFixed(1)} s (${Math.round(total / Math.max(seconds, 0.001))} events/s)`,
    );
    if (!readStore.durable)
      console.log(
        `(read store: ${config.readStore}: this was a copy inside the CLI, which checks and times the projection;` +
          ' a running API rebuilds its own in-process read models at its boot)',
      );
    return 0;
  } finally {
    await store.close();
    await readStore.close();
  }
}
