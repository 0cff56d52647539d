import type Database from 'better-sqlite3';
import type { Network } from '@vetted/venues';
import type { Meta } from '../store/sandbox-database';

/** Where each network's chain starts, so block numbers look like the real thing. */
export const GENESIS_HEIGHTS: Record<Network, number> = {
  ethereum: 21_500_000,
  base: 23_000_000,
  arbitrum: 280_000_000,
  polygon: 65_000_000,
  solana: 300_000_000,
  perps: 450_000_000,
};

const deliveryKey = (network: Network): string => `delivery_block:${network}`;

/**
 * Blocks and nonces. With block time 0 every transaction is mined at once in a block of its own;
 * otherwise it waits for the next block boundary of sandbox time, and transactions settling at the
 * same boundary share a block. A block's number comes from the log position or the time (a
 * submission writes nothing for it beyond its own row), raised where needed so that the numbers
 * order what reads see: a balance read reports its network's height, every transaction it sees is
 * in a block at or below it, and every transaction landing after it in a block above it (as a
 * chain's state at a block). A late landing (a delayed transaction, at block time 0) or a venue
 * order filled in the middle of a block's time therefore goes into the next block once a read has
 * reported the current one.
 */
export class Blocks {
  private readonly bumpNonce: Database.Statement<[string, string], number>;
  /** Per network, the highest block landed in or reported by a read. */
  private readonly latest = new Map<Network, number>();
  /** The networks whose latest block a read has reported: it is closed to later landings. */
  private readonly reported = new Set<Network>();
  /** Per network, when the transactions of its latest landed block landed (one time per block). */
  private readonly latestLandedMs = new Map<Network, number>();

  constructor(
    db: Database.Database,
    private readonly meta: Meta,
    readonly blockTimeMs: number,
    private readonly epochMs: number,
    /** Sandbox time when the world opens. */
    openedMs: number,
  ) {
    this.bumpNonce = db
      .prepare<[string, string], number>(
        `INSERT INTO balances (network, address, token, amount, nonce) VALUES (?, ?, '', '0', 1)
         ON CONFLICT (network, address, token) DO UPDATE SET nonce = nonce + 1 RETURNING nonce - 1`,
      )
      .pluck();
    const landed = db
      .prepare<[], [Network, number]>(
        'SELECT network, MAX(block) FROM txs WHERE block IS NOT NULL GROUP BY network',
      )
      .raw(true)
      .all();
    for (const [network, block] of landed) {
      this.latest.set(network, block);
      this.reported.add(network);
    }
    for (const network of Object.keys(GENESIS_HEIGHTS) as Network[]) {
      const delivered = Number(meta.get(deliveryKey(network)) ?? -1);
      if (delivered > (this.latest.get(network) ?? -1)) {
        this.latest.set(network, delivered);
        this.reported.add(network);
      }
      // With a block time a read reports the block of its time, which may be above every block
      // landed then, and what reads reported was kept only in memory: every block up to the one of
      // the time the world opens is closed, so nothing landing after a reopen goes at or below a
      // height a read made before it reported.
      if (blockTimeMs > 0) {
        this.latest.set(
          network,
          Math.max(this.latest.get(network) ?? -1, this.timeNumber(network, openedMs)),
        );
        this.reported.add(network);
      }
    }
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

  /**
   * Inside a write: the block of a transaction landing now, settled at `ms` and at `seq` in the
   * log: its natural number, but never at or below a height a read has reported.
   */
  land(network: Network, ms: number, seq: number): number {
    const natural = this.blockTimeMs === 0 ? GENESIS_HEIGHTS[network] + seq : this.timeNumber(network, ms);
    const latest = this.latest.get(network);
    let block =
      latest === undefined ? natural : Math.max(natural, this.reported.has(network) ? latest + 1 : latest);
    // A block holds the landings of one time (at block time 0, of one transaction). One raised
    // above a read takes the number of a later boundary, and the landing at that boundary then goes
    // above it rather than share its number with another time (found by a probe: a deposit
    // mid-block, a read, then two transfers landing a block time apart got one number).
    const ownBlock = this.blockTimeMs === 0 || this.latestLandedMs.get(network) !== ms;
    if (block === latest && ownBlock) block = latest + 1;
    this.latest.set(network, block);
    this.latestLandedMs.set(network, ms);
    this.reported.delete(network);
    return block;
  }

  /**
   * Inside a write: `land` for a movement on another network than its transaction's (a cross-chain
   * delivery). No row of that network keeps its block, so the height is kept in the meta table,
   * for the heights to survive a reopen.
   */
  landDelivery(network: Network, ms: number, seq: number): number {
    const block = this.land(network, ms, seq);
    this.meta.set(deliveryKey(network), String(block));
    return block;
  }

  /**
   * The network's height for a read made at `nowMs` (after settling what fell due): every
   * transaction landed so far is at or below it, every later one will be above it.
   */
  height(network: Network, nowMs: number): number {
    const height = Math.max(
      this.latest.get(network) ?? GENESIS_HEIGHTS[network],
      this.blockTimeMs === 0 ? GENESIS_HEIGHTS[network] : this.timeNumber(network, nowMs),
    );
    this.latest.set(network, height);
    this.reported.add(network);
    return height;
  }

  /**
   * The block of the last boundary at or before `ms`. Boundaries are multiples of the block time
   * (`settlesAt`), so blocks are counted from the one of the world's creation, not from the
   * creation time itself: counted from a time between boundaries, a read in the last part of a
   * block time reported the next boundary's number, the landing at that boundary went one above
   * it, into the number of the boundary after, and two landings a block time apart shared one
   * block (found by a probe).
   */
  private timeNumber(network: Network, ms: number): number {
    const block = (at: number): number => Math.floor(at / this.blockTimeMs);
    return GENESIS_HEIGHTS[network] + block(ms) - block(this.epochMs);
  }

  /** The sender's next nonce (EVM networks), used up by this call. */
  takeNonce(network: Network, address: string): number {
    return this.bumpNonce.get(network, address) as number;
  }
}
