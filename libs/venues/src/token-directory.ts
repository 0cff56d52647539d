import type { AssetId, TokenInfo } from './assets';

/** What a held asset is: symbol and decimals of registered tokens and of prediction shares. */
export interface TokenDirectory {
  tokens(): TokenInfo[];
  /** Null for an asset the outside world does not know. */
  tokenInfo(asset: AssetId): TokenInfo | null;
}
