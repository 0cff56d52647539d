/**
 * Solana's compact-u16 ("shortvec") length prefix: 7 bits per byte, least significant first, the
 * high bit set on every byte but the last; at most 3 bytes, values 0..65535.
 */
export const SHORTVEC_MAX = 0xffff;

/** The encoding of `value`; a `RangeError` outside 0..65535. */
export function encodeShortVec(value: number): Uint8Array {
  if (!Number.isInteger(value) || value < 0 || value > SHORTVEC_MAX)
    throw new RangeError(`shortvec value out of range: ${value}`);
  const out: number[] = [];
  let rest = value;
  for (;;) {
    const low = rest & 0x7f;
    rest >>= 7;
    if (rest === 0) {
      out.push(low);
      return Uint8Array.from(out);
    }
    out.push(low | 0x80);
  }
}

/** How many bytes `encodeShortVec(value)` takes (1..3). */
export function shortVecLength(value: number): number {
  return value < 0x80 ? 1 : value < 0x4000 ? 2 : 3;
}

/**
 * Reads a shortvec at `offset`: the value and the offset just past it, or null when the bytes end
 * early, the value exceeds 65535, or the encoding is not the shortest one (as Solana rejects it).
 */
export function decodeShortVec(bytes: Uint8Array, offset: number): { value: number; next: number } | null {
  let value = 0;
  for (let i = 0; i < 3; i++) {
    if (offset + i >= bytes.length) return null;
    const byte = bytes[offset + i];
    value |= (byte & 0x7f) << (7 * i);
    if ((byte & 0x80) === 0) {
      if (i > 0 && byte === 0) return null; // a redundant trailing zero byte: not minimal
      if (value > SHORTVEC_MAX) return null;
      return { value, next: offset + i + 1 };
    }
  }
  return null; // a continuation bit on the third byte
}
