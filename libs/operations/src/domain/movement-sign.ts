import type { LegReceipt } from './events';

/**
 * How a receipt's movement changes `address`'s holding: +1 received, -1 sent, 0 neither, and 0
 * for a movement from the address to itself (an `evmCall` with value to its own signer), which
 * moves nothing there.
 */
export function movementSign(movement: LegReceipt['transfers'][number], address: string): bigint {
  return (movement.to === address ? 1n : 0n) - (movement.from === address ? 1n : 0n);
}
