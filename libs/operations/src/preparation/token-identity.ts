import { toChecksumAddress } from '@vetted/kernel';
import type { TokenDirectory, TokenInfo } from '@vetted/venues';
import { NETWORKS, addressFamily, isEvmNetwork, isNetwork } from '@vetted/venues';
import type { FieldProblems } from './field-problems';
import type { PreparationWallet } from './preparation-context';
import type { AssetRef } from './shape-a-request';

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * The registered token an asset side names, in its canonical form: EVM contract addresses in any
 * casing (a token address is an identity, not a recipient, so no checksum is demanded), Solana mints
 * and other identifiers exactly. With `payer`, the network must belong to the payer's address family.
 * An unknown token is a problem at `${path}.${tokenField}` (Shape B names the field `asset`).
 */
export function resolveToken(
  ref: AssetRef,
  path: string,
  tokens: TokenDirectory,
  problems: FieldProblems,
  payer?: PreparationWallet,
  tokenField = 'token',
): TokenInfo | null {
  const { network } = ref;
  if (!isNetwork(network)) {
    problems.add(`${path}.network`, `must be one of ${NETWORKS.join(', ')}`);
    return null;
  }
  if (payer && addressFamily(network) !== payer.family) {
    problems.add(
      `${path}.network`,
      `is not on the ${payer.family} address family of wallet ${payer.id}, which pays and signs`,
    );
    return null;
  }
  const token =
    isEvmNetwork(network) && ref.token && HEX_ADDRESS.test(ref.token)
      ? toChecksumAddress(ref.token)
      : ref.token;
  const info = tokens.tokenInfo({ network, token });
  if (!info)
    problems.add(
      `${path}.${tokenField}`,
      token === null ? `${network} has no native asset` : `is not a known token on ${network}`,
    );
  return info;
}
