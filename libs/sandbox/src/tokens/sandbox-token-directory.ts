import type { AssetId, TokenDirectory, TokenInfo } from '@vetted/venues';
import { isNetwork } from '@vetted/venues';
import { normalizeToken, tokenInfo } from './asset-directory';
import { tokenList } from './token-registry';

/** The registry and the prediction shares behind the `TokenDirectory` port (any EVM address casing). */
export class SandboxTokenDirectory implements TokenDirectory {
  tokens(): TokenInfo[] {
    return tokenList();
  }

  tokenInfo(asset: AssetId): TokenInfo | null {
    if (!asset || !isNetwork(asset.network)) return null;
    return tokenInfo({ network: asset.network, token: normalizeToken(asset.network, asset.token) });
  }
}
