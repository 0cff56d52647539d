import type { EventMetadata, RecordedEvent } from '../event-store';
import type { Position } from '../position';

/** The fields this adapter uses of the client's recorded events (stream reads and `$all` reads alike). */
export interface EsdbRecorded {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  created: Date;
  data: unknown;
  metadata: unknown;
  position?: Position;
}

/** EventStoreDB's own events (`$metadata`, `$>`, statistics...) are not the application's. */
export const isSystemEvent = (type: string): boolean => type.startsWith('$');

function toMetadata(metadata: unknown): EventMetadata {
  return typeof metadata === 'object' &&
    metadata !== null &&
    !Array.isArray(metadata) &&
    !ArrayBuffer.isView(metadata)
    ? (metadata as EventMetadata)
    : {};
}

export function positionOfEvent(event: EsdbRecorded): Position {
  // The server only reports positions on stream reads since 22.6.
  if (event.position === undefined)
    throw new Error(
      `EventStoreDB did not report the position of event ${event.id}: a server >= 22.6 is required`,
    );
  return { commit: event.position.commit, prepare: event.position.prepare };
}

export function fromEsdb(event: EsdbRecorded): RecordedEvent {
  return {
    id: event.id,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: positionOfEvent(event),
    type: event.type,
    data: event.data,
    metadata: toMetadata(event.metadata),
    createdAt: event.created.toISOString(),
  };
}
