import { toChecksumAddress } from '@vetted/kernel';
import type { AssetId, TokenDirectory, TokenInfo } from '@vetted/venues';
import { NETWORKS, addressFamily, isEvmNetwork, isNetwork, sameAsset } from '@vetted/venues';
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
  // On an EVM network a token is a contract. The directory also describes the prediction venue's
  // outcome shares on polygon (decimal token ids), but those are holdings that only prediction
  // orders move: a send of one had been reviewed and executed as a transfer (Shape B refuses the
  // same send by the form of its asset).
  if (isEvmNetwork(network) && ref.token !== null && !HEX_ADDRESS.test(ref.token)) {
    problems.add(
      `${path}.${tokenField}`,
      'must be a token contract address (0x followed by 40 hex digits), or null for the native asset',
    );
    return null;
  }
  const token = isEvmNetwork(network) && ref.token ? toChecksumAddress(ref.token) : ref.token;
  const described = tokens.tokenInfo({ network, token });
  const info = described && isChainToken(tokens, described) ? described : null;
  if (!info)
    problems.add(
      `${path}.${tokenField}`,
      token === null ? `${network} has no native asset` : `is not a known token on ${network}`,
    );
  return info;
}

/**
 * Whether an asset the directory describes is a token that chain transactions move. On `perps`
 * only the listed tokens are (the margin USDC): the directory also describes the perp venue's spot
 * coins there (`DOGE`), so that balances and receipts can show them, but those are holdings on the
 * venue that only spot orders move; they are not sent, swapped or approved.
 */
export function isChainToken(tokens: TokenDirectory, asset: AssetId): boolean {
  return asset.network !== 'perps' || tokens.tokens().some((t) => sameAsset(t, asset));
}
