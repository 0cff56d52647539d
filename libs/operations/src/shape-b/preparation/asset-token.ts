import type { AssetId, TokenDirectory, TokenInfo } from '@vetted/venues';
import type { FieldProblems } from '../../preparation/field-problems';
import type { PreparationWallet } from '../../preparation/preparation-context';
import { resolveToken } from '../../preparation/token-identity';
import type { EvmTokenAsset, PerpCoinAsset, TradableAsset } from '../intent';

/** Asset sides that name a token of the directory (the perp venue's margin USDC is `{ perps, USDC }`). */
export type TokenAssetSide = TradableAsset | EvmTokenAsset | PerpCoinAsset;

/** The port's identity of an asset side: `native` is the null token, anything else its address or id. */
export function assetIdOf(side: TokenAssetSide): AssetId {
  return { network: side.network, token: side.kind === 'native' ? null : side.asset };
}

/**
 * The registered token an asset side at `path` names. The reader already checked the form; what
 * is left is the directory (unknown: a problem at `path.asset`) and, with `payer`, that the network
 * is of the paying wallet's address family (a problem at `path.network`).
 */
export function resolveAssetToken(
  side: TokenAssetSide,
  path: string,
  tokens: TokenDirectory,
  problems: FieldProblems,
  payer?: PreparationWallet,
): TokenInfo | null {
  return resolveToken(assetIdOf(side), path, tokens, problems, payer, 'asset');
}
