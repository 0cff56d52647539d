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
let minuteStart = Number.NaN;
let minutePrefix = '';
/** 9999-12-31T23:59:59.999Z: later (and earlier than 1970) times print with toISOString itself. */
const FOUR_DIGIT_YEARS_END = 253_402_300_799_999;

/**
 * `new Date(ms).toISOString()`, made cheap for the hot paths that stamp quotes, prices and
 * receipts: the last answer is remembered, and within one minute only the seconds and
 * milliseconds are written anew.
 */
export function iso(ms: number): string {
  if (ms === lastMs) return lastIso;
  if (!Number.isSafeInteger(ms) || ms < 0 || ms > FOUR_DIGIT_YEARS_END) return new Date(ms).toISOString();
  const inMinute = ms % 60_000;
  if (ms - inMinute !== minuteStart) {
    minuteStart = ms - inMinute;
    minutePrefix = new Date(minuteStart).toISOString().slice(0, 17);
  }
  const seconds = (inMinute / 1000) | 0;
  const millis = inMinute % 1000;
  lastIso = `${minutePrefix}${seconds < 10 ? '0' : ''}${seconds}.${millis < 100 ? (millis < 10 ? '00' : '0') : ''}${millis}Z`;
  lastMs = ms;
  return lastIso;
}
