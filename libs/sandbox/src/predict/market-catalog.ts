import type { AssetId, TokenInfo } from '@vetted/venues';
import { SHARE_DECIMALS } from '@vetted/venues';
import { keccakHex } from '../world/deterministic';

export interface MarketSpec {
  id: string;
  question: string;
  outcomes: { name: string; initialPrice: string }[];
}

export interface CatalogOutcome {
  marketId: string;
  name: string;
  /** The outcome's share token id on polygon (a uint256, in decimal, as ERC-1155 ids are written). */
  tokenId: string;
  initialPrice: string;
}

/** The markets every sandbox world opens with; their initial prices sum to 1 per market. */
export const MARKET_SPECS: readonly MarketSpec[] = [
  {
    id: 'btc-150k-2026',
    question: 'Will BTC trade above $150,000 before January 1, 2027?',
    outcomes: [
      { name: 'Yes', initialPrice: '0.35' },
      { name: 'No', initialPrice: '0.65' },
    ],
  },
  {
    id: 'eth-etf-staking-2026',
    question: 'Will a US spot ETH ETF stake its ETH before the end of 2026?',
    outcomes: [
      { name: 'Yes', initialPrice: '0.72' },
      { name: 'No', initialPrice: '0.28' },
    ],
  },
  {
    id: 'fed-cut-december-2026',
    question: 'Will the Fed cut rates at its December 2026 meeting?',
    outcomes: [
      { name: 'Yes', initialPrice: '0.55' },
      { name: 'No', initialPrice: '0.45' },
    ],
  },
  {
    id: 'world-cup-2026-winner',
    question: 'Who will win the 2026 FIFA World Cup?',
    outcomes: [
      { name: 'Brazil', initialPrice: '0.2' },
      { name: 'France', initialPrice: '0.2' },
      { name: 'Argentina', initialPrice: '0.15' },
      { name: 'Other', initialPrice: '0.45' },
    ],
  },
];

export function outcomeTokenId(marketId: string, name: string): string {
  return BigInt(`0x${keccakHex(`vetted-predict:${marketId}:${name}`)}`).toString();
}

export const CATALOG_OUTCOMES: readonly CatalogOutcome[] = MARKET_SPECS.flatMap((market) =>
  market.outcomes.map((o) => ({
    marketId: market.id,
    name: o.name,
    tokenId: outcomeTokenId(market.id, o.name),
    initialPrice: o.initialPrice,
  })),
);

const byToken = new Map(CATALOG_OUTCOMES.map((o) => [o.tokenId, o]));

export function catalogOutcome(tokenId: string | null): CatalogOutcome | null {
  return tokenId === null ? null : (byToken.get(tokenId) ?? null);
}

export function marketSpec(id: string): MarketSpec | null {
  return MARKET_SPECS.find((m) => m.id === id) ?? null;
}

export function outcomesOf(marketId: string): CatalogOutcome[] {
  return CATALOG_OUTCOMES.filter((o) => o.marketId === marketId);
}

export function outcomeAsset(tokenId: string): AssetId {
  return { network: 'polygon', token: tokenId };
}

export function outcomeTokenInfo(outcome: CatalogOutcome): TokenInfo {
  return {
    network: 'polygon',
    token: outcome.tokenId,
    symbol: `${outcome.marketId}:${outcome.name}`,
    decimals: SHARE_DECIMALS,
  };
}
