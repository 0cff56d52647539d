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

/** A token of the ledger, which chain transactions move: a registered token, or prediction shares on polygon. */
export function tokenInfo(asset: AssetId): TokenInfo | null {
  const registered = registeredToken(asset);
  if (registered) {
    const { network, token, symbol, decimals } = registered;
    return { network, token, symbol, decimals };
  }
  const outcome = asset.network === 'polygon' ? catalogOutcome(asset.token) : null;
  return outcome ? outcomeTokenInfo(outcome) : null;
}

/**
 * A coin of the perp venue's spot market as a holding on `perps`: its id is the venue's coin id
 * (`DOGE`), as Shape B names a perp-venue coin (api-decisions §6 rule 2), its symbol the coin, its
 * decimals the coin's `szDecimals` (a spot size never carries more). Described so that balances and
 * receipts can show it; it is not a token: the registry does not list it, and no chain transfer,
 * faucet or DEX pool takes it (`tokenInfo` and `registeredToken` do not know it). Spot orders move it.
 */
export function spotCoinInfo(asset: AssetId): TokenInfo | null {
  if (asset.network !== 'perps' || asset.token === null) return null;
  const coin = perpCoin(asset.token);
  return coin && { network: 'perps', token: coin.coin, symbol: coin.coin, decimals: coin.szDecimals };
}

/** What a held asset is: a token that can be held (`tokenInfo`), or a perp venue spot coin. */
export function assetInfo(asset: AssetId): TokenInfo | null {
  return tokenInfo(asset) ?? spotCoinInfo(asset);
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
