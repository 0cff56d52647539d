import { keccak_256 } from '@noble/hashes/sha3';
import { toChecksumAddress } from '@vetted/kernel';
import { decodeErc20Call } from './erc20-call';

const selector = (signature: string) => Buffer.from(keccak_256(signature)).subarray(0, 4).toString('hex');
const word = (hex: string) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0');
const alice = toChecksumAddress('0x2960bdc8c11158cf210fc231bb7d186c7eb5f01b');
const bob = toChecksumAddress('0x8db0dd5dc52dd68bae95fbf889dcdf9b97d993cc');

describe('decodeErc20Call', () => {
  it('decodes transfer, approve and transferFrom, addresses checksummed, amounts exact', () => {
    const big = (1n << 255n) + 7n;
    expect(
      decodeErc20Call(`0x${selector('transfer(address,uint256)')}${word(alice)}${word('4c4b40')}`),
    ).toEqual({
      function: 'transfer',
      to: alice,
      amountRaw: 5_000_000n,
    });
    expect(
      decodeErc20Call(`0x${selector('approve(address,uint256)')}${word(bob)}${word(big.toString(16))}`),
    ).toEqual({
      function: 'approve',
      spender: bob,
      amountRaw: big,
    });
    expect(
      decodeErc20Call(
        `0x${selector('transferFrom(address,address,uint256)')}${word(alice)}${word(bob)}${word('1')}`,
      ),
    ).toEqual({ function: 'transferFrom', from: alice, to: bob, amountRaw: 1n });
    // Hex case does not matter.
    expect(
      decodeErc20Call(
        `0x${selector('transfer(address,uint256)')}${word(alice)}${word('A')}`
          .toUpperCase()
          .replace('0X', '0x'),
      ),
    ).toMatchObject({ amountRaw: 10n });
  });

  it('decodes nothing else: other selectors, short or long data, an address word with high bytes', () => {
    const transfer = selector('transfer(address,uint256)');
    for (const data of [
      '0x',
      `0x${selector('balanceOf(address)')}${word(alice)}`,
      `0x${transfer}${word(alice)}`,
      `0x${transfer}${word(alice)}${word('1')}00`,
      `0x${transfer}${'f'.repeat(24)}${alice.slice(2).toLowerCase()}${word('1')}`,
    ])
      expect(decodeErc20Call(data)).toBeNull();
  });
});
