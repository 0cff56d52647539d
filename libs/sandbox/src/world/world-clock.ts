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

export const iso = (ms: number): string => new Date(ms).toISOString();
