import { storedName } from '../find-query';
import type { Collection, CollectionSpec, IndexSpec, ReadStore, StoredDocument } from '../read-store';
import { MemoryCheckpoints } from './memory-checkpoints';
import { MemoryLeases } from './memory-leases';
import { MemoryCollection } from './memory-collection';

/** The in-process read store: nothing survives a restart, so projections rebuild at boot. */
export class MemoryReadStore implements ReadStore {
  readonly durable = false;
  readonly checkpoints = new MemoryCheckpoints();
  readonly leases = new MemoryLeases();
  private readonly collections = new Map<string, MemoryCollection<StoredDocument>>();

  collection<D extends StoredDocument>(spec: CollectionSpec): Collection<D> {
    const name = storedName(spec);
    let collection = this.collections.get(name);
    if (collection === undefined) {
      collection = new MemoryCollection(copySpec(spec));
      this.collections.set(name, collection);
    } else if (!sameIndexes(collection.spec.indexes, spec.indexes)) {
      throw new Error(`${name} is already open with other indexes; declare a new version instead`);
    }
    return collection as unknown as Collection<D>;
  }

  async ping(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {}
}

/** The caller keeps its spec; a later change to it must not silently change the indexes. */
function copySpec(spec: CollectionSpec): CollectionSpec {
  return {
    name: spec.name,
    version: spec.version,
    indexes: spec.indexes.map((index) => ({
      name: index.name,
      equality: [...index.equality],
      orderBy: index.orderBy,
    })),
  };
}

function sameIndexes(a: readonly IndexSpec[], b: readonly IndexSpec[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (index, i) =>
        index.name === b[i].name &&
        index.orderBy === b[i].orderBy &&
        index.equality.length === b[i].equality.length &&
        index.equality.every((field, j) => field === b[i].equality[j]),
    )
  );
}
