import type { RecordedEvent } from '@vetted/event-store';
import { positionKey } from '@vetted/event-store';
import type { Collection, CollectionSpec, InProcessCollection, StoredDocument } from './read-store';

/**
 * A read model's projector: a pure `evolve(doc | null, event)` over the events it handles, plus
 * where its documents live. Writes are idempotent through the document's `_version`:
 * - `revision`: every document is fed by one stream, versioned by that stream's revision;
 * - `position`: documents fed by many streams, versioned by the `$all` position.
 */
export interface Projection<D extends StoredDocument = StoredDocument> {
  name: string;
  collection: CollectionSpec;
  canHandle: readonly string[];
  guard: 'revision' | 'position';
  /** The document an event belongs to, or null to ignore the event. */
  documentId(event: RecordedEvent): string | null;
  /**
   * Pure. Returns the new document (without `_id`/`_version`: the runner sets them), the same
   * `doc` reference when nothing changes, or null to delete the document.
   */
  evolve(doc: D | null, event: RecordedEvent): Omit<D, '_id' | '_version'> | D | null;
}

/** The checkpoint name carries the collection version, so a new version rebuilds from the start. */
export function checkpointName(projection: Projection): string {
  return `${projection.name}@v${projection.collection.version}`;
}

export function eventVersion(projection: Projection, event: RecordedEvent): number | string {
  return projection.guard === 'revision' ? event.revision : positionKey(event.position);
}

export type ProjectionStep<D> =
  { kind: 'skip' } | { kind: 'put'; doc: D } | { kind: 'delete'; id: string; version: number | string };

/**
 * What one event does to the document it belongs to, given the stored document: skip it (the
 * document already reflects this event or a later one, or nothing changes), put a new version,
 * or delete it. Pure; the one place the version guard lives.
 */
export function projectionStep<D extends StoredDocument>(
  projection: Projection<D>,
  id: string,
  current: D | null,
  event: RecordedEvent,
): ProjectionStep<D> {
  const version = eventVersion(projection as Projection, event);
  if (current !== null && current._version >= version) return SKIP;
  const next = projection.evolve(current, event);
  if (next === current) return SKIP;
  if (next === null) return current === null ? SKIP : { kind: 'delete', id, version };
  const doc = next as D;
  doc._id = id;
  doc._version = version;
  return { kind: 'put', doc };
}

const SKIP = { kind: 'skip' } as const;

/** Applies one event to one projection's collection; safe to run twice for the same event. */
export async function applyEvent<D extends StoredDocument>(
  projection: Projection<D>,
  collection: Collection<D>,
  event: RecordedEvent,
): Promise<void> {
  const id = projection.documentId(event);
  if (id === null) return;
  const step = projectionStep(projection, id, await collection.get(id), event);
  if (step.kind === 'put') await collection.put(step.doc);
  else if (step.kind === 'delete') await collection.delete(step.id, step.version);
}

/** The same, for a collection in this process: no promise per event (rebuilds apply millions). */
export function applyEventNow<D extends StoredDocument>(
  projection: Projection<D>,
  collection: InProcessCollection<D>,
  event: RecordedEvent,
): void {
  const id = projection.documentId(event);
  if (id === null) return;
  const step = projectionStep(projection, id, collection.getNow(id), event);
  if (step.kind === 'put') collection.putNow(step.doc);
  else if (step.kind === 'delete') collection.deleteNow(step.id, step.version);
}
