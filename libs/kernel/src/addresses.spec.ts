import {
  base58Decode,
  base58Encode,
  isSolanaAddress,
  newEvmAddress,
  newSolanaAddress,
  parseEvmAddress,
  toChecksumAddress,
} from './addresses';

describe('EVM addresses', () => {
  // Test vectors from EIP-55 itself.
  const vectors = [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];

  it.each(vectors)('checksums %s as EIP-55 says', (address) => {
    expect(toChecksumAddress(address.toLowerCase())).toBe(address);
  });

  it('accepts all-lowercase input and echoes it checksummed', () => {
    expect(parseEvmAddress(vectors[0].toLowerCase())).toBe(vectors[0]);
  });

  it('rejects a mixed-case address whose checksum is wrong, never correcting it', () => {
    const wrong = vectors[0].replace('aAeb', 'AaeB');
    expect(parseEvmAddress(wrong)).toBeNull();
  });

  it('rejects malformed input', () => {
    expect(parseEvmAddress('0x123')).toBeNull();
    expect(parseEvmAddress('5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBeNull();
  });

  it('generates checksummed addresses', () => {
    const a = newEvmAddress();
    expect(parseEvmAddress(a)).toBe(a);
    // EIP-55 form (all lowercase for about one address in 4,000, so no test of mixed case).
    expect(a).toBe(toChecksumAddress(a.toLowerCase()));
  });
});

describe('Solana addresses', () => {
  it('round-trips base58 with leading zero bytes', () => {
    const bytes = Uint8Array.from([0, 0, 1, 2, 255]);
    expect(base58Decode(base58Encode(bytes))).toEqual(bytes);
  });

  it('knows the system program id is 32 zero bytes', () => {
    expect(base58Encode(new Uint8Array(32))).toBe('11111111111111111111111111111111');
  });

  it('generates valid 32-byte addresses and rejects other lengths and alphabets', () => {
    const a = newSolanaAddress();
    expect(isSolanaAddress(a)).toBe(true);
    expect(isSolanaAddress('0OIl' + a.slice(4))).toBe(false);
    expect(isSolanaAddress(base58Encode(new Uint8Array(31).fill(7)))).toBe(false);
  });
});
