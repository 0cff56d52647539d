import { keccak_256 } from '@noble/hashes/sha3';
import { createHash } from 'node:crypto';
import { base58Decode, base58Encode, toChecksumAddress } from '@vetted/kernel';
import type { Network } from '@vetted/venues';
import { addressFamily } from '@vetted/venues';

/** Everything "random" in the world derives from labels and the seed, so a seed replays the same world. */
export function keccakHex(label: string): string {
  return Buffer.from(keccak_256(label)).toString('hex');
}

export function derivedEvmAddress(label: string): string {
  return toChecksumAddress(keccakHex(label).slice(-40));
}

export function derivedSolanaAddress(label: string): string {
  return base58Encode(keccak_256(label));
}

export function derivedAddress(network: Network, label: string): string {
  return addressFamily(network) === 'solana' ? derivedSolanaAddress(label) : derivedEvmAddress(label);
}

/**
 * A submission's hash: 0x + 64 hex on EVM networks and `perps`, a 64-byte base58 signature on
 * Solana whose first 32 bytes are that same digest. Either form leads back to the digest, which
 * is the log's only key: the submission path stays one index probe. Native SHA-2, since it sits on
 * the hot path of every submission and nothing checks it is a keccak.
 */
export function txHashOfKey(network: Network, key: string): string {
  if (network !== 'solana') return key;
  const digest = Buffer.from(key.slice(2), 'hex');
  return base58Encode(Buffer.concat([digest, createHash('sha256').update(digest).update('sig').digest()]));
}

/** The log key of a submission (its EVM-form hash). */
export function submissionKey(seed: string, submissionId: string): string {
  return `0x${createHash('sha256').update(`tx|${seed}|${submissionId}`).digest('hex')}`;
}

/** The log key behind a hash of either form, or null if it cannot be one. */
export function keyOfHash(hash: string): string | null {
  if (/^0x[0-9a-f]{64}$/.test(hash)) return hash;
  const bytes = /^[1-9A-HJ-NP-Za-km-z]{80,90}$/.test(hash) ? base58Decode(hash) : null;
  return bytes?.length === 64 ? `0x${Buffer.from(bytes.subarray(0, 32)).toString('hex')}` : null;
}

/** FNV-1a, 32 bits: a cheap stable number for a string. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Counter-based noise: an integer in [-1000, 1000] for (stream, step), the same whenever it is
 * asked for, so the price walk needs no stored generator state beyond its anchor.
 */
export function noiseAt(stream: number, step: number): number {
  let h = (stream ^ Math.imul(step | 0, 0x9e3779b1) ^ Math.floor(step / 0x100000000)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h = (h ^ (h >>> 16)) >>> 0;
  return (h % 2001) - 1000;
}
