/** Time enters the domain only through a clock, so tests can move it instead of sleeping. */
export interface Clock {
  now(): Date;
}

export const CLOCK = Symbol('Clock');

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until a test advances it. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date | string = '2026-11-21T10:00:00.000Z') {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
}
