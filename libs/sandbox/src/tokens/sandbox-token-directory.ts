import type { AssetId, TokenDirectory, TokenInfo } from '@vetted/venues';
import { isNetwork } from '@vetted/venues';
import { assetInfo, normalizeToken } from './asset-directory';
import { tokenList } from './token-registry';

/**
 * The registry, the prediction shares and the perp venue's spot coins behind the `TokenDirectory`
 * port (any EVM address casing). `tokens()` lists the registry only: shares and coins are described
 * when held, not offered.
 */
export class SandboxTokenDirectory implements TokenDirectory {
  tokens(): TokenInfo[] {
    return tokenList();
  }

  tokenInfo(asset: AssetId): TokenInfo | null {
    if (!asset || !isNetwork(asset.network)) return null;
    return assetInfo({ network: asset.network, token: normalizeToken(asset.network, asset.token) });
  }
}
