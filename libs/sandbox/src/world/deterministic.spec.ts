import { isSolanaAddress, parseEvmAddress } from '@vetted/kernel';
import { derivedAddress, keyOfHash, noiseAt, submissionKey, txHashOfKey } from './deterministic';

describe('deterministic derivations', () => {
  it('derives hashes of both forms that lead back to the submission key', () => {
    const key = submissionKey('seed', 'submission-1');
    expect(key).toMatch(/^0x[0-9a-f]{64}$/);
    expect(submissionKey('seed', 'submission-1')).toBe(key);
    expect(submissionKey('other seed', 'submission-1')).not.toBe(key);
    const evm = txHashOfKey('base', key);
    const solana = txHashOfKey('solana', key);
    expect(evm).toBe(key);
    expect(solana).toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/);
    expect(keyOfHash(evm)).toBe(key);
    expect(keyOfHash(solana)).toBe(key);
    expect(keyOfHash('0xABC')).toBeNull();
    expect(keyOfHash('not a hash')).toBeNull();
  });

  it('derives valid addresses for each family', () => {
    const evm = derivedAddress('arbitrum', 'label');
    expect(parseEvmAddress(evm)).toBe(evm);
    expect(isSolanaAddress(derivedAddress('solana', 'label'))).toBe(true);
  });

  it('draws noise in [-1000, 1000], the same for the same stream and step', () => {
    const draws = Array.from({ length: 5000 }, (_, i) => noiseAt(12345, 29_000_000 + i));
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(-1000);
    expect(Math.max(...draws)).toBeLessThanOrEqual(1000);
    expect(Math.abs(draws.reduce((a, b) => a + b, 0) / draws.length)).toBeLessThan(30);
    expect(noiseAt(12345, 29_000_000)).toBe(draws[0]);
    expect(noiseAt(54321, 29_000_000)).not.toBe(draws[0]);
  });
});
