import { isSolanaAddress, parseEvmAddress } from '@vetted/kernel';
import type { FieldProblems } from '../../preparation/field-problems';
import { REQUIRED, fail } from './intent-fields';

/** Which address form a recipient field takes; `either` when the network is not known (already refused). */
export type AddressFamilyB = 'evm' | 'solana' | 'either';

const EVM_SHAPE = /^0x[0-9a-fA-F]{40}$/;

export const EVM_ADDRESS_MESSAGE = 'must be an EVM address (0x followed by 40 hex digits)';
export const EVM_CHECKSUM_MESSAGE =
  'has a wrong EIP-55 checksum: a mixed-case address must be checksummed exactly (it is never corrected); all-lowercase hex skips the check';
export const SOLANA_ADDRESS_MESSAGE = 'must be a Solana address (base58 of 32 bytes, case-sensitive)';

/**
 * Reads a recipient address (send `to.address`, evmCall `to`, tokenApproval `spender`; rule 6):
 * EVM all-lowercase or all-uppercase hex is returned EIP-55 checksummed; mixed case must already be
 * a correct checksum. A Solana address is base58 of 32 bytes, kept verbatim.
 */
export function readRecipientAddress(
  value: unknown,
  path: string,
  problems: FieldProblems,
  family: AddressFamilyB,
): string | null {
  if (value === undefined) return fail(problems, path, REQUIRED);
  if (typeof value !== 'string')
    return fail(problems, path, family === 'solana' ? SOLANA_ADDRESS_MESSAGE : EVM_ADDRESS_MESSAGE);
  if (family !== 'solana' && EVM_SHAPE.test(value))
    return parseEvmAddress(value) ?? fail(problems, path, EVM_CHECKSUM_MESSAGE);
  if (family !== 'evm' && isSolanaAddress(value)) return value;
  if (family === 'either')
    return fail(problems, path, 'must be an EVM address (0x followed by 40 hex digits) or a Solana address');
  return fail(problems, path, family === 'solana' ? SOLANA_ADDRESS_MESSAGE : EVM_ADDRESS_MESSAGE);
}
