import type Database from 'better-sqlite3';
import type { Network } from '@vetted/venues';

/** Where each network's chain starts, so block numbers look like the real thing. */
export const GENESIS_HEIGHTS: Record<Network, number> = {
  ethereum: 21_500_000,
  base: 23_000_000,
  arbitrum: 280_000_000,
  polygon: 65_000_000,
  solana: 300_000_000,
  perps: 450_000_000,
};

/**
 * Blocks and nonces. With block time 0 every transaction is mined at once in a block of its own;
 * otherwise it waits for the next block boundary of sandbox time, and transactions settling at the
 * same boundary share a block. Block numbers are computed (from the log position or the time), not
 * stored, so a submission writes nothing for them; they rise monotonically per network as long as
 * the block time setting stays the same.
 */
export class Blocks {
  private readonly bumpNonce: Database.Statement<[string, string], number>;

  constructor(
    db: Database.Database,
    readonly blockTimeMs: number,
    private readonly epochMs: number,
  ) {
    this.bumpNonce = db
      .prepare<[string, string], number>(
        `INSERT INTO balances (network, address, token, amount, nonce) VALUES (?, ?, '', '0', 1)
         ON CONFLICT (network, address, token) DO UPDATE SET nonce = nonce + 1 RETURNING nonce - 1`,
      )
      .pluck();
  }

  /** When a transaction submitted at `ms` is mined. */
  settlesAt(ms: number): number {
    if (this.blockTimeMs === 0) return ms;
    return (Math.floor(ms / this.blockTimeMs) + 1) * this.blockTimeMs;
  }

  /** The first block boundary at or after `ms`. */
  settlesNoEarlierThan(ms: number): number {
    if (this.blockTimeMs === 0) return ms;
    return Math.ceil(ms / this.blockTimeMs) * this.blockTimeMs;
  }

  /** The block of a transaction that settled at `ms` and sits at `seq` in the log. */
  numberOf(network: Network, ms: number, seq: number): number {
    if (this.blockTimeMs === 0) return GENESIS_HEIGHTS[network] + seq;
    return GENESIS_HEIGHTS[network] + Math.floor((ms - this.epochMs) / this.blockTimeMs);
  }

  /** The sender's next nonce (EVM networks), used up by this call. */
  takeNonce(network: Network, address: string): number {
    return this.bumpNonce.get(network, address) as number;
  }
}
