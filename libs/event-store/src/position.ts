/**
 * A place in `$all`, ordered and opaque to callers. SQLite uses its row id for both parts;
 * EventStoreDB has distinct commit and prepare positions. Text form: `"123"` when both parts are
 * equal, else `"commit/prepare"`; it travels in `X-Event-Position` and `minPosition`.
 */
export interface Position {
  readonly commit: bigint;
  readonly prepare: bigint;
}

export function positionOf(n: bigint | number): Position {
  const v = BigInt(n);
  return { commit: v, prepare: v };
}

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

export function formatPosition(p: Position): string {
  return p.commit === p.prepare ? p.commit.toString() : `${p.commit}/${p.prepare}`;
}

const POSITION_TEXT = /^(0|[1-9][0-9]{0,19})(?:\/(0|[1-9][0-9]{0,19}))?$/;

export function parsePosition(text: string): Position | null {
  const m = POSITION_TEXT.exec(text);
  if (!m) return null;
  const commit = BigInt(m[1]);
  return { commit, prepare: m[2] === undefined ? commit : BigInt(m[2]) };
}

/** A fixed-width key whose string order is position order (read-model versions and sort keys). */
export function positionKey(p: Position): string {
  const commit = p.commit.toString().padStart(20, '0');
  return `${commit}.${p.prepare === p.commit ? commit : p.prepare.toString().padStart(20, '0')}`;
}
