import type { AssetId, Network, TokenInfo } from '@vetted/venues';

/** A registered token and the price series it follows (the same asset on several networks shares one). */
export interface SandboxToken extends TokenInfo {
  series: string;
}

const token = (network: Network, address: string | null, symbol: string, decimals: number, series: string) =>
  ({ network, token: address, symbol, decimals, series }) satisfies SandboxToken;

/** Real mainnet addresses where the token exists; pUSD is the sandbox venue's own token. */
export const USDC_ADDRESSES = {
  ethereum: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  base: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  arbitrum: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
  polygon: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
  solana: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  perps: 'USDC',
} as const satisfies Record<Network, string>;
export const WBTC_ETHEREUM = '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599';
export const PUSD_POLYGON = '0xf8F5403859574dd3bFCbcEa43e63F798ea8f07c3';

export const SANDBOX_TOKENS: readonly SandboxToken[] = [
  token('ethereum', null, 'ETH', 18, 'ETH'),
  token('ethereum', USDC_ADDRESSES.ethereum, 'USDC', 6, 'USD'),
  token('ethereum', WBTC_ETHEREUM, 'WBTC', 8, 'BTC'),
  token('base', null, 'ETH', 18, 'ETH'),
  token('base', USDC_ADDRESSES.base, 'USDC', 6, 'USD'),
  token('arbitrum', null, 'ETH', 18, 'ETH'),
  token('arbitrum', USDC_ADDRESSES.arbitrum, 'USDC', 6, 'USD'),
  token('polygon', null, 'POL', 18, 'POL'),
  token('polygon', USDC_ADDRESSES.polygon, 'USDC', 6, 'USD'),
  token('polygon', PUSD_POLYGON, 'pUSD', 6, 'USD'),
  token('solana', null, 'SOL', 9, 'SOL'),
  token('solana', USDC_ADDRESSES.solana, 'USDC', 6, 'USD'),
  token('perps', USDC_ADDRESSES.perps, 'USDC', 6, 'USD'),
];

/**
 * Network, then token (null for the native asset): two lookups of strings the caller already has,
 * where one `assetKey` would first build a string (preparation looks tokens up ten times a create).
 */
const byNetwork = new Map<string, Map<string | null, SandboxToken>>();
for (const t of SANDBOX_TOKENS) {
  const tokens = byNetwork.get(t.network) ?? new Map<string | null, SandboxToken>();
  tokens.set(t.token, t);
  byNetwork.set(t.network, tokens);
}

export function registeredToken(asset: AssetId): SandboxToken | null {
  return byNetwork.get(asset.network)?.get(asset.token ?? null) ?? null;
}

/** The native asset of a network, or null where there is none (`perps` charges no gas). */
export function nativeToken(network: Network): SandboxToken | null {
  return registeredToken({ network, token: null });
}

export function usdc(network: Network): AssetId {
  return { network, token: USDC_ADDRESSES[network] };
}

/** The registry as the API shows it: `{ network, token, symbol, decimals }`. */
export function tokenList(): TokenInfo[] {
  return SANDBOX_TOKENS.map(({ network, token: address, symbol, decimals }) => ({
    network,
    token: address,
    symbol,
    decimals,
  }));
}

/** What fees are charged in: the native asset, or USDC on `perps`, which has none. */
export function feeAssetOf(network: Network): AssetId {
  return nativeToken(network) ? { network, token: null } : usdc(network);
}
