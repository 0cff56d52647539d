import { keccak_256 } from '@noble/hashes/sha3';
import { base58Encode } from '@vetted/kernel';

/**
 * A new blockhash every 400 ms of sandbox time (a Solana slot); each is accepted until 90 s after
 * it appeared. Slots as short as Solana's matter since the same transaction bytes are one
 * transaction (`already_processed` a second time): with one blockhash per 30 s, as before, two equal
 * instructions prepared within half a minute were the same transaction.
 */
export const BLOCKHASH_INTERVAL_MS = 400;
export const BLOCKHASH_LIFETIME_MS = 90_000;
const LOOKBACK = Math.ceil(BLOCKHASH_LIFETIME_MS / BLOCKHASH_INTERVAL_MS);

function blockhashOf(seed: string, window: number): string {
  return base58Encode(keccak_256(`vetted-sandbox:blockhash:${seed}:${window}`));
}

/**
 * The blockhashes of a seed's last LOOKBACK + 1 windows, by blockhash: telling whether one is still
 * accepted is one probe, and a window's hash is computed once, not per check (a blockhash the world
 * never issued would otherwise cost 226 hashes each time).
 */
class IssuedBlockhashes {
  private readonly windows = new Map<string, number>();
  private low = 0;
  private high = -1;

  constructor(private readonly seed: string) {}

  /** The window that issued `blockhash`, among the last LOOKBACK + 1 up to `window`; else null. */
  windowOf(blockhash: string, window: number): number | null {
    const low = Math.max(0, window - LOOKBACK);
    if (low < this.low || window - this.high > LOOKBACK) {
      // A jump (or a clock set back): the range is computed afresh.
      this.windows.clear();
      this.low = low;
      this.high = low - 1;
    }
    for (let w = this.high + 1; w <= window; w++) this.windows.set(blockhashOf(this.seed, w), w);
    this.high = Math.max(this.high, window);
    // Inserted in window order: the expired ones are first.
    for (const [hash, w] of this.windows) {
      if (w >= low) break;
      this.windows.delete(hash);
    }
    this.low = low;
    const found = this.windows.get(blockhash);
    return found === undefined || found > window ? null : found;
  }
}

/** By seed, the few most recently used (a process runs one world; tests open many). */
const issued = new Map<string, IssuedBlockhashes>();
const SEEDS_KEPT = 8;

/** The current blockhash: it stays valid for 89.6-90 s from now. */
export function recentBlockhash(seed: string, nowMs: number): { blockhash: string; expiresMs: number } {
  const window = Math.floor(nowMs / BLOCKHASH_INTERVAL_MS);
  return {
    blockhash: blockhashOf(seed, window),
    expiresMs: window * BLOCKHASH_INTERVAL_MS + BLOCKHASH_LIFETIME_MS,
  };
}

/**
 * How long from `nowMs` a blockhash is still accepted: 0 once it expired, and for one the world
 * never issued. Blockhashes derive from the seed and the time window, so none need storing; one
 * issued too long ago is not found.
 */
export function blockhashValidForMs(seed: string, blockhash: string, nowMs: number): number {
  const window = Math.floor(nowMs / BLOCKHASH_INTERVAL_MS);
  let schedule = issued.get(seed);
  if (schedule === undefined) {
    if (issued.size >= SEEDS_KEPT) issued.delete(issued.keys().next().value as string);
    issued.set(seed, (schedule = new IssuedBlockhashes(seed)));
  }
  const w = schedule.windowOf(blockhash, window);
  return w === null ? 0 : Math.max(0, w * BLOCKHASH_INTERVAL_MS + BLOCKHASH_LIFETIME_MS - nowMs);
}

/** Whether a blockhash is still accepted at `nowMs`. */
export function blockhashValid(seed: string, blockhash: string, nowMs: number): boolean {
  return blockhashValidForMs(seed, blockhash, nowMs) > 0;
}
