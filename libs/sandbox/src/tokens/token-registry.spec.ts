import { NETWORKS } from '@vetted/venues';
import { SANDBOX_TOKENS, USDC_ADDRESSES, nativeToken, registeredToken } from './token-registry';

describe('registeredToken', () => {
  it('finds every registered token by its network and token', () => {
    for (const token of SANDBOX_TOKENS)
      expect(registeredToken({ network: token.network, token: token.token })).toBe(token);
  });

  it('knows a token only on its own network, and only in its canonical form', () => {
    expect(registeredToken({ network: 'ethereum', token: USDC_ADDRESSES.base })).toBeNull();
    expect(registeredToken({ network: 'base', token: USDC_ADDRESSES.base.toLowerCase() })).toBeNull();
    expect(registeredToken({ network: 'base', token: 'native' })).toBeNull();
    expect(registeredToken({ network: 'perps', token: 'BTC' })).toBeNull();
    expect(registeredToken({ network: 'nowhere' as never, token: null })).toBeNull();
  });

  it("takes a missing token for the network's native asset, as null", () => {
    for (const network of NETWORKS) expect(registeredToken({ network } as never)).toBe(nativeToken(network));
    expect(nativeToken('base')).toMatchObject({ network: 'base', token: null, symbol: 'ETH', decimals: 18 });
    expect(nativeToken('perps')).toBeNull();
  });
});
