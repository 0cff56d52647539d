import { normalizeAddress } from '@vetted/venues';
import { cachedAddress } from './address-cache';

const LOWER = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';
const CHECKSUMMED = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

describe('cachedAddress', () => {
  it('answers as normalizeAddress does, each family by its own rules, asked once or again', () => {
    for (let round = 0; round < 2; round++) {
      expect(cachedAddress('base', LOWER)).toBe(CHECKSUMMED);
      expect(cachedAddress('ethereum', LOWER)).toBe(CHECKSUMMED);
      expect(cachedAddress('solana', LOWER)).toBeNull();
      expect(cachedAddress('solana', MINT)).toBe(MINT);
      expect(cachedAddress('base', MINT)).toBeNull();
      expect(cachedAddress('perps', LOWER)).toBe(normalizeAddress('perps', LOWER));
    }
  });

  it('refuses what is not a string', () => {
    expect(cachedAddress('base', 42)).toBeNull();
    expect(cachedAddress('solana', undefined)).toBeNull();
  });
});
