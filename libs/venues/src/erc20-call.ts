import { toChecksumAddress } from '@vetted/kernel';

/** One of the ERC-20 calls that move tokens or allow moving them, with its arguments. */
export type Erc20Call =
  | { function: 'transfer'; to: string; amountRaw: bigint }
  | { function: 'approve'; spender: string; amountRaw: bigint }
  | { function: 'transferFrom'; from: string; to: string; amountRaw: bigint };

/** Selectors (the first 4 bytes of keccak-256 of the signature) and how many 32-byte words follow. */
const CALLS: Record<string, [Erc20Call['function'], number]> = {
  a9059cbb: ['transfer', 2], // transfer(address,uint256)
  '095ea7b3': ['approve', 2], // approve(address,uint256)
  '23b872dd': ['transferFrom', 3], // transferFrom(address,address,uint256)
};

/**
 * Decodes call data that is exactly one of those calls, ABI-encoded (`0x` + hex): null for anything
 * else, arguments that are not well-formed (an address word with high bytes set) included. What a
 * review can show of a call to a token, and what the sandbox's token contracts run.
 */
export function decodeErc20Call(data: string): Erc20Call | null {
  const hex = data.toLowerCase();
  const call = CALLS[hex.slice(2, 10)];
  if (call === undefined) return null;
  const [name, words] = call;
  if (hex.length !== 10 + 64 * words) return null;
  const word = (i: number) => hex.slice(10 + 64 * i, 74 + 64 * i);
  const address = (i: number): string | null =>
    /^0{24}/.test(word(i)) ? toChecksumAddress(`0x${word(i).slice(24)}`) : null;
  const amountRaw = BigInt(`0x${word(words - 1)}`);
  if (name === 'transferFrom') {
    const from = address(0);
    const to = address(1);
    return from && to ? { function: name, from, to, amountRaw } : null;
  }
  const target = address(0);
  if (target === null) return null;
  return name === 'transfer'
    ? { function: name, to: target, amountRaw }
    : { function: name, spender: target, amountRaw };
}
