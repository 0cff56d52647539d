import { isSolanaAddress, toChecksumAddress } from '@vetted/kernel';
import { NETWORKS, type EvmNetwork, isEvmNetwork, isNetwork } from '@vetted/venues';
import type { FieldProblems } from '../../preparation/field-problems';
import { isRawInteger } from '../../preparation/decimal-grammar';
import { MAX_IDENTIFIER_LENGTH, fail, readObject } from './intent-fields';

/** The network's canonical native token. */
export const NATIVE_ASSET = 'native';
/** Prediction outcome shares live on this network (as ERC-1155 token ids). */
export const PREDICTION_NETWORK = 'polygon';

export type NativeAsset = { kind: 'native'; network: EvmNetwork | 'solana'; asset: typeof NATIVE_ASSET };
/** `asset` is EIP-55 checksummed, whatever hex casing the caller used (rule 6). */
export type EvmTokenAsset = { kind: 'evmToken'; network: EvmNetwork; asset: string };
/** `asset` is the base58 mint, verbatim (case-sensitive). */
export type SolanaMintAsset = { kind: 'solanaMint'; network: 'solana'; asset: string };
/** `asset` is the venue-verbatim coin id (`BTC`). */
export type PerpCoinAsset = { kind: 'perpCoin'; network: 'perps'; asset: string };
/** `asset` is the outcome's share token id, a canonical decimal integer. */
export type PredictionOutcomeAsset = { kind: 'predictionOutcome'; network: 'polygon'; asset: string };

/**
 * An asset side `{ network, asset }` (rule 2), with the `kind` the reader recognised. Whether the
 * token exists, and the wallet holds it, is preparation's concern.
 */
export type AssetSide =
  NativeAsset | EvmTokenAsset | SolanaMintAsset | PerpCoinAsset | PredictionOutcomeAsset;
export type AssetKind = AssetSide['kind'];
/** What a swap trades: native tokens, EVM tokens and Solana mints. */
export type TradableAsset = NativeAsset | EvmTokenAsset | SolanaMintAsset;

export const TRADABLE_KINDS = ['native', 'evmToken', 'solanaMint'] as const satisfies readonly AssetKind[];
export const SENDABLE_KINDS = [...TRADABLE_KINDS, 'perpCoin'] as const satisfies readonly AssetKind[];

type AssetOf<K extends AssetKind> = Extract<AssetSide, { kind: K }>;

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

const FORM: Record<AssetKind, string> = {
  native: '"native"',
  evmToken: 'a token contract address (0x followed by 40 hex digits)',
  solanaMint: 'a mint address (base58 of 32 bytes, case-sensitive)',
  perpCoin: 'a venue coin such as "BTC"',
  predictionOutcome: 'an outcome token id (decimal digits, no leading zeroes)',
};

/** The asset kinds each network can carry. */
function kindsOn(network: string): AssetKind[] {
  if (network === 'perps') return ['perpCoin'];
  if (network === 'solana') return ['native', 'solanaMint'];
  if (network === PREDICTION_NETWORK) return ['native', 'evmToken', 'predictionOutcome'];
  return isNetwork(network) && isEvmNetwork(network) ? ['native', 'evmToken'] : [];
}

function recognise(network: string, asset: string, kinds: readonly AssetKind[]): AssetSide | null {
  const side = (kind: AssetKind, value = asset) => ({ kind, network, asset: value }) as AssetSide;
  if (kinds.includes('native') && asset === NATIVE_ASSET) return side('native');
  if (kinds.includes('evmToken') && EVM_ADDRESS.test(asset))
    return side('evmToken', toChecksumAddress(asset));
  if (kinds.includes('solanaMint') && isSolanaAddress(asset)) return side('solanaMint');
  if (kinds.includes('predictionOutcome') && isRawInteger(asset)) return side('predictionOutcome');
  if (kinds.includes('perpCoin') && asset.length <= MAX_IDENTIFIER_LENGTH && asset !== NATIVE_ASSET)
    return side('perpCoin');
  return null;
}

/**
 * Reads an asset side allowing the given kinds. An unknown network, or one that carries none of
 * the allowed kinds, is a problem at `.network`; an asset of the wrong form, at `.asset`.
 */
export function readAssetSide<K extends AssetKind>(
  value: unknown,
  path: string,
  problems: FieldProblems,
  allowed: readonly K[],
): AssetOf<K> | null {
  const fields = readObject(value, path, problems, ['network', 'asset']);
  if (!fields) return null;
  const { network, asset } = fields;
  const usable = NETWORKS.filter((n) =>
    kindsOn(n).some((kind) => (allowed as readonly string[]).includes(kind)),
  );
  const kinds =
    typeof network === 'string' ? kindsOn(network).filter((kind) => allowed.includes(kind as K)) : [];
  if (network === undefined) fail(problems, `${path}.network`, 'is required');
  else if (kinds.length === 0) fail(problems, `${path}.network`, `must be one of ${usable.join(', ')}`);
  if (asset === undefined) return fail(problems, `${path}.asset`, 'is required');
  if (typeof asset !== 'string' || asset.length === 0)
    return fail(problems, `${path}.asset`, 'must be a non-empty string');
  if (kinds.length === 0) return null;
  const side = recognise(network as string, asset, kinds);
  if (!side)
    return fail(problems, `${path}.asset`, `must be ${kinds.map((kind) => FORM[kind]).join(' or ')}`);
  return side as AssetOf<K>;
}
