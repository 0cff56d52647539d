import { parseEvmAddress } from '@vetted/kernel';
import type { AssetId, Network, TokenInfo } from '@vetted/venues';
import { isEvmNetwork } from '@vetted/venues';
import { perpCoin } from '../perps/perp-coins';
import { catalogOutcome, outcomeTokenInfo, type CatalogOutcome } from '../predict/market-catalog';
import { registeredToken } from './token-registry';

/**
 * The token as the world keys it: EVM contract addresses checksummed (any casing accepted), other
 * identifiers unchanged (Solana mints are case-sensitive, outcome ids are decimal).
 */
export function normalizeToken(network: Network, token: string | null): string | null {
  if (token === null || !isEvmNetwork(network) || !token.startsWith('0x')) return token;
  let normalized = checksummed.get(token);
  if (normalized === undefined) {
    normalized = parseEvmAddress(token) ?? token;
    if (checksummed.size >= 10_000) checksummed.clear();
    checksummed.set(token, normalized);
  }
  return normalized;
}

const checksummed = new Map<string, string>();

/** A token that can be held: a registered token, or prediction shares on polygon. */
export function tokenInfo(asset: AssetId): TokenInfo | null {
  const registered = registeredToken(asset);
  if (registered) {
    const { network, token, symbol, decimals } = registered;
    return { network, token, symbol, decimals };
  }
  const outcome = asset.network === 'polygon' ? catalogOutcome(asset.token) : null;
  return outcome ? outcomeTokenInfo(outcome) : null;
}

export type PriceSource = { kind: 'series'; series: string } | { kind: 'outcome'; outcome: CatalogOutcome };

/** Where an asset's USD price comes from: a series (tokens, perp coins) or its prediction market. */
export function priceSourceOf(asset: AssetId): PriceSource | null {
  const registered = registeredToken(asset);
  if (registered) return { kind: 'series', series: registered.series };
  if (asset.network === 'perps' && asset.token !== null) {
    const coin = perpCoin(asset.token);
    if (coin) return { kind: 'series', series: coin.series };
  }
  const outcome = asset.network === 'polygon' ? catalogOutcome(asset.token) : null;
  return outcome ? { kind: 'outcome', outcome } : null;
}
