import { keccak_256 } from '@noble/hashes/sha3';
import { base58Encode } from '@vetted/kernel';

/** A new blockhash every 30 s of sandbox time; each is accepted until 90 s after it appeared. */
export const BLOCKHASH_INTERVAL_MS = 30_000;
export const BLOCKHASH_LIFETIME_MS = 90_000;
const LOOKBACK = Math.ceil(BLOCKHASH_LIFETIME_MS / BLOCKHASH_INTERVAL_MS);

function blockhashOf(seed: string, window: number): string {
  return base58Encode(keccak_256(`vetted-sandbox:blockhash:${seed}:${window}`));
}

/** The current blockhash: it stays valid for 60-90 s from now. */
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
  for (let w = window; w >= window - LOOKBACK; w--)
    if (blockhashOf(seed, w) === blockhash)
      return Math.max(0, w * BLOCKHASH_INTERVAL_MS + BLOCKHASH_LIFETIME_MS - nowMs);
  return 0;
}

/** Whether a blockhash is still accepted at `nowMs`. */
export function blockhashValid(seed: string, blockhash: string, nowMs: number): boolean {
  return blockhashValidForMs(seed, blockhash, nowMs) > 0;
}
