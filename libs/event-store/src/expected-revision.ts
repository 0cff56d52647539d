import type { ExpectedRevision } from './event-store';

/** Throws a RangeError for a numeric expected revision that no stream can have (below -1, fractional). */
export function assertExpectedRevision(expected: ExpectedRevision): void {
  if (typeof expected === 'number' && !(Number.isSafeInteger(expected) && expected >= -1))
    throw new RangeError(`expected revision must be an integer >= -1, got ${expected}`);
}

/** Whether a stream whose last revision is `actual` (-1: it does not exist) matches `expected`. */
export function matchesExpectedRevision(expected: ExpectedRevision, actual: number): boolean {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return actual === -1;
    case 'stream_exists':
      return actual !== -1;
    default:
      return actual === expected;
  }
}
