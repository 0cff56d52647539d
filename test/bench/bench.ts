import type { BenchResult } from './report';
import type { SeededStore } from './seed';

export interface BenchContext {
  /** `--quick`: scaled-down sizes and durations, to check the harness itself (figures not comparable). */
  quick: boolean;
  /** The 1M-event store (seeded once, on first use, shared by rebuild and boot). */
  seeded(): Promise<SeededStore>;
}

export interface Bench {
  name: string;
  /** One line for `--help`. */
  describe: string;
  /** Whether it reads the 1M-event store (`context.seeded()`), which the harness seeds once for all. */
  usesSeed?: boolean;
  run(context: BenchContext): Promise<BenchResult[]>;
}
