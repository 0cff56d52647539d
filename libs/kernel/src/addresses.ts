import { keccak_256 } from '@noble/hashes/sha3';
import { randomBytes } from 'node:crypto';

/**
 * Checksums computed recently, by lowercase hex body: the same few addresses (tokens, spenders, the
 * caller's wallets) are checksummed on every request, and a keccak per call showed in profiles.
 * Bounded: emptied when full (a recompute is only a keccak).
 */
const CHECKSUMS = new Map<string, string>();
const CHECKSUM_CACHE_SIZE = 10_000;

/** EIP-55 mixed-case checksum encoding of a 20-byte EVM address. */
export function toChecksumAddress(address: string): string {
  const lower = address.toLowerCase().replace(/^0x/, '');
  const known = CHECKSUMS.get(lower);
  if (known !== undefined) return known;
  if (!/^[0-9a-f]{40}$/.test(lower)) throw new Error(`not an EVM address: ${address}`);
  const hash = Buffer.from(keccak_256(lower)).toString('hex');
  let out = '0x';
  for (let i = 0; i < 40; i++) out += parseInt(hash[i], 16) >= 8 ? lower[i].toUpperCase() : lower[i];
  if (CHECKSUMS.size >= CHECKSUM_CACHE_SIZE) CHECKSUMS.clear();
  CHECKSUMS.set(lower, out);
  return out;
}

/**
 * An EVM address as a person may type it: all-lowercase (or all-uppercase) is accepted and
 * checksummed; mixed case must carry a correct EIP-55 checksum and is never auto-corrected.
 */
export function parseEvmAddress(value: string): string | null {
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) return null;
  const body = value.slice(2);
  const checksummed = toChecksumAddress(value);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return checksummed;
  return checksummed === value ? value : null;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/**
 * The EVM zero address, in any case. ERC-20 tokens refuse to transfer or approve to it, and what
 * reaches it otherwise (native value) can never be moved again.
 */
export function isZeroEvmAddress(address: string): boolean {
  return /^0x0{40}$/i.test(address);
}

export function base58Encode(bytes: Uint8Array): string {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let out = '';
  while (n > 0n) {
    out = BASE58[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = '1' + out;
  }
  return out;
}

export function base58Decode(value: string): Uint8Array | null {
  let n = 0n;
  for (const ch of value) {
    const digit = BASE58.indexOf(ch);
    if (digit < 0) return null;
    n = n * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.unshift(Number(n & 0xffn));
    n >>= 8n;
  }
  for (const ch of value) {
    if (ch !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

/** A Solana address (public key): base58 of exactly 32 bytes; case-sensitive. */
export function isSolanaAddress(value: string): boolean {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value)) return false;
  return base58Decode(value)?.length === 32;
}

export function newEvmAddress(): string {
  return toChecksumAddress(randomBytes(20).toString('hex'));
}

export function newSolanaAddress(): string {
  return base58Encode(randomBytes(32));
}
