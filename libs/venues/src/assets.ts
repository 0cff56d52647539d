import type { Network } from './networks';

/**
 * What an amount is of: `token` is an EIP-55 contract address on an EVM network, a mint on
 * Solana, a symbol on `perps` (`USDC`, or a perp coin such as `BTC` for prices), a decimal
 * outcome token id for prediction shares on `polygon`, or null for the network's native asset.
 */
export interface AssetId {
  network: Network;
  token: string | null;
}

export interface TokenInfo extends AssetId {
  symbol: string;
  decimals: number;
}

/** A stable string key for maps and storage: `ethereum:native`, `base:0x8335...`. */
export function assetKey(asset: AssetId): string {
  return `${asset.network}:${asset.token ?? 'native'}`;
}

export function sameAsset(a: AssetId, b: AssetId): boolean {
  return a.network === b.network && a.token === b.token;
}

export function describeAsset(asset: AssetId): string {
  return asset.token === null ? `the native asset of ${asset.network}` : `${asset.token} on ${asset.network}`;
}
