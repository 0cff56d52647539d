import type { Clock } from '@vetted/kernel';

/** The world's own time: the injected clock plus an offset the admin moves forward (persisted by the owner). */
export class WorldClock implements Clock {
  constructor(
    private readonly clock: Clock,
    private offset: number,
  ) {}

  nowMs(): number {
    return this.clock.now().getTime() + this.offset;
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  get offsetMs(): number {
    return this.offset;
  }

  setOffsetMs(offset: number): void {
    this.offset = offset;
  }
}

let lastMs = Number.NaN;
let lastIso = '';

/** ISO 8601 of a time in ms; the last one is remembered (a request asks for the same instant often). */
export function iso(ms: number): string {
  if (ms !== lastMs) {
    lastIso = new Date(ms).toISOString();
    lastMs = ms;
  }
  return lastIso;
}
