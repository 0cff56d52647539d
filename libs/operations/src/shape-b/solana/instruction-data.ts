import { base58Decode } from '@vetted/kernel';
import { sha256 } from '@noble/hashes/sha2';

/**
 * One part of a Solana instruction's data, in the order the intent lists them (Shape B rule 9).
 *
 * Values arrive already validated: integers are canonical decimal strings that fit their width,
 * addresses are base58 of 32 bytes, hex is even-length with an optional `0x`. The encoder still
 * refuses anything else with a `RangeError`, so a validation gap cannot produce silent garbage.
 */
export type DataPart =
  | { u8: string }
  | { u16: string }
  | { u32: string }
  | { u64: string }
  | { u128: string }
  | { address: string }
  | { utf8: string }
  | { hex: string }
  | { anchor: string };

/**
 * Concatenates the encoded parts, in order:
 * - `u8` … `u128`: unsigned little-endian integers of 1, 2, 4, 8, 16 bytes (BigInt, never floats);
 * - `address`: the 32 bytes the base58 string decodes to;
 * - `utf8`: the string's UTF-8 bytes as they are, with NO length prefix (Borsh and Anchor strings
 *   carry a u32 length prefix: callers who need one add a `u32` part before it);
 * - `hex`: the bytes the hex spells (an optional `0x` is dropped; empty hex adds nothing);
 * - `anchor`: the 8-byte Anchor discriminator of the named instruction (see `anchorDiscriminator`).
 */
export function encodeInstructionData(parts: readonly DataPart[]): Uint8Array {
  const chunks = parts.map(encodePart);
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** The first 8 bytes of sha256("global:<name>"): how Anchor programs recognise an instruction. */
export function anchorDiscriminator(name: string): Uint8Array {
  return sha256(new TextEncoder().encode(`global:${name}`)).slice(0, 8);
}

function encodePart(part: DataPart): Uint8Array {
  if ('u8' in part) return unsignedLittleEndian(part.u8, 1);
  if ('u16' in part) return unsignedLittleEndian(part.u16, 2);
  if ('u32' in part) return unsignedLittleEndian(part.u32, 4);
  if ('u64' in part) return unsignedLittleEndian(part.u64, 8);
  if ('u128' in part) return unsignedLittleEndian(part.u128, 16);
  if ('address' in part) return addressBytes(part.address);
  if ('utf8' in part) return new TextEncoder().encode(part.utf8);
  if ('hex' in part) return hexBytes(part.hex);
  if ('anchor' in part) return anchorDiscriminator(part.anchor);
  throw new RangeError('unknown instruction data part');
}

function unsignedLittleEndian(value: string, width: number): Uint8Array {
  if (!/^(0|[1-9][0-9]*)$/.test(value)) throw new RangeError(`not a canonical unsigned integer: ${value}`);
  let n = BigInt(value);
  if (n >= 1n << BigInt(8 * width)) throw new RangeError(`${value} does not fit in ${width} byte(s)`);
  const out = new Uint8Array(width);
  for (let i = 0; i < width; i++) {
    out[i] = Number(n & 0xffn);
    n >>= 8n;
  }
  return out;
}

function addressBytes(address: string): Uint8Array {
  const bytes = base58Decode(address);
  if (bytes?.length !== 32) throw new RangeError(`not a 32-byte base58 address: ${address}`);
  return bytes;
}

function hexBytes(value: string): Uint8Array {
  const body = value.startsWith('0x') || value.startsWith('0X') ? value.slice(2) : value;
  if (!/^([0-9a-fA-F]{2})*$/.test(body)) throw new RangeError(`not even-length hex: ${value}`);
  return Uint8Array.from(Buffer.from(body, 'hex'));
}
