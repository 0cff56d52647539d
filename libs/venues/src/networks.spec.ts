import { assetKey, sameAsset } from './assets';
import { addressFamily, isEvmNetwork, isNetwork, normalizeAddress } from './networks';

describe('networks', () => {
  it('knows the six networks and their address families', () => {
    expect(['ethereum', 'base', 'arbitrum', 'polygon', 'solana', 'perps'].every(isNetwork)).toBe(true);
    expect(isNetwork('bitcoin')).toBe(false);
    expect(isEvmNetwork('polygon')).toBe(true);
    expect(isEvmNetwork('perps')).toBe(false);
    expect(addressFamily('perps')).toBe('evm');
    expect(addressFamily('solana')).toBe('solana');
  });

  it('normalizes addresses the way each network keeps them', () => {
    const checksummed = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    expect(normalizeAddress('base', checksummed.toLowerCase())).toBe(checksummed);
    expect(normalizeAddress('perps', checksummed)).toBe(checksummed);
    expect(normalizeAddress('ethereum', checksummed.replace('aAeb', 'AaeB'))).toBeNull();
    expect(normalizeAddress('solana', checksummed)).toBeNull();
    const mint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
    expect(normalizeAddress('solana', mint)).toBe(mint);
    expect(normalizeAddress('solana', mint.toLowerCase())).toBeNull();
  });

  it('keys assets, native ones included', () => {
    expect(assetKey({ network: 'solana', token: null })).toBe('solana:native');
    expect(sameAsset({ network: 'base', token: null }, { network: 'base', token: null })).toBe(true);
    expect(sameAsset({ network: 'base', token: null }, { network: 'arbitrum', token: null })).toBe(false);
  });
});
