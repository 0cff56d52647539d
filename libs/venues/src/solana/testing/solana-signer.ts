import { generateKeyPairSync, sign } from 'node:crypto';
import { base58Encode } from '@vetted/kernel';
import { readTransactionSignatures } from '../transaction-wire';

/** An Ed25519 keypair as Solana names it: the base58 of its 32-byte public key. */
export interface SolanaSigner {
  address: string;
  sign(message: Uint8Array): Uint8Array;
}

export function newSolanaSigner(): SolanaSigner {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const x = publicKey.export({ format: 'jwk' }).x!;
  return {
    address: base58Encode(Buffer.from(x, 'base64url')),
    sign: (message) => sign(null, message, privateKey),
  };
}

/** The transaction with `signer`'s slot holding its signature of the message (it must be a signer). */
export function signedBy(base64: string, signer: SolanaSigner): string {
  const read = readTransactionSignatures(base64);
  if (read === null) throw new Error('not a well-formed transaction');
  const slot = read.signatures.findIndex((s) => s.signer === signer.address);
  if (slot < 0) throw new Error(`${signer.address} is not a signer of this transaction`);
  const bytes = Buffer.from(base64, 'base64');
  const first = bytes.length - read.message.length - 64 * read.signatures.length;
  Buffer.from(signer.sign(read.message)).copy(bytes, first + 64 * slot);
  return bytes.toString('base64');
}
