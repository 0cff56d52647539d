import fc from 'fast-check';
import { iso } from './world-clock';

describe('iso', () => {
  it('is toISOString, for any time, in any order of calls', () => {
    const around = Date.UTC(2026, 10, 21, 23, 59, 58, 990);
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.integer({ min: around - 5_000, max: around + 5_000 }),
            fc.integer({ min: 0, max: 253_402_300_799_999 }),
            fc.integer({ min: -8_640_000_000_000_000, max: 8_640_000_000_000_000 }),
          ),
          { minLength: 1, maxLength: 20 },
        ),
        (times) => {
          for (const ms of times) expect(iso(ms)).toBe(new Date(ms).toISOString());
        },
      ),
      { numRuns: 500 },
    );
  });

  it('pads seconds and milliseconds, across minute, day and year boundaries', () => {
    for (const ms of [0, 1, 59_999, 60_000, Date.UTC(2026, 11, 31, 23, 59, 59, 999), Date.UTC(2027, 0, 1)])
      expect(iso(ms)).toBe(new Date(ms).toISOString());
    expect(iso(Date.UTC(2026, 0, 2, 3, 4, 5, 6))).toBe('2026-01-02T03:04:05.006Z');
    expect(iso(Date.UTC(2026, 0, 2, 3, 4, 5, 60))).toBe('2026-01-02T03:04:05.060Z');
  });
});
