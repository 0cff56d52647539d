import { type KeyObject, createPublicKey, verify } from 'node:crypto';
import { base58Decode } from '@vetted/kernel';
import { readTransactionSignatures } from './transaction-wire';

/**
 * The signers of a supplied Solana transaction, other than its fee payer, whose signature in the
 * bytes does not verify (Ed25519, over the message), in the message's order; null when the bytes
 * are not a well-formed transaction. The fee payer is the paying wallet, which the service signs
 * for at execution: its slot is not checked. Any other signer (a new account's keypair, a
 * co-signing authority) must have signed the bytes already, or Solana refuses the whole transaction
 * ("signature verification failure") before anything runs.
 */
export function unsignedCosigners(base64: string): string[] | null {
  const read = readTransactionSignatures(base64);
  if (read === null) return null;
  return read.signatures
    .slice(1)
    .filter(({ signer, signature }) => !verifies(read.message, signer, signature))
    .map(({ signer }) => signer);
}

function verifies(message: Uint8Array, signer: string, signature: Uint8Array): boolean {
  const key = publicKeyOf(signer);
  if (key === null) return false;
  try {
    return verify(null, message, key, signature);
  } catch {
    return false;
  }
}

/** A 32-byte Ed25519 public key as Node's crypto takes it (a JWK), or null when it is none. */
function publicKeyOf(address: string): KeyObject | null {
  const raw = base58Decode(address);
  if (raw?.length !== 32) return null;
  try {
    return createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(raw).toString('base64url') },
      format: 'jwk',
    });
  } catch {
    return null;
  }
}
