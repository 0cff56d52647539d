import type Database from 'better-sqlite3';
import type { Network } from '@vetted/venues';

/** The ERC-20 "unlimited" allowance, which transfers never decrease. */
export const MAX_UINT256 = (1n << 256n) - 1n;

/** Allowances read or written recently, as the ledger caches balances (quotes ask on every request). */
const CACHE_LIMIT = 100_000;

export class Allowances {
  private cache = new Map<string, bigint>();
  private readonly select: Database.Statement<[string, string, string, string], string>;
  private readonly upsert: Database.Statement<[string, string, string, string, string]>;

  constructor(db: Database.Database) {
    this.select = db
      .prepare<[string, string, string, string], string>(
        'SELECT amount FROM allowances WHERE network = ? AND token = ? AND owner = ? AND spender = ?',
      )
      .pluck();
    this.upsert = db.prepare(
      `INSERT INTO allowances (network, token, owner, spender, amount) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (network, token, owner, spender) DO UPDATE SET amount = excluded.amount`,
    );
  }

  get(network: Network, token: string, owner: string, spender: string): bigint {
    const cacheKey = `${network}\u0000${token}\u0000${owner}\u0000${spender}`;
    let amount = this.cache.get(cacheKey);
    if (amount === undefined) {
      const stored = this.select.get(network, token, owner, spender);
      amount = stored === undefined ? 0n : BigInt(stored);
      this.remember(cacheKey, amount);
    }
    return amount;
  }

  set(network: Network, token: string, owner: string, spender: string, amount: bigint): void {
    this.upsert.run(network, token, owner, spender, amount.toString());
    this.remember(`${network}\u0000${token}\u0000${owner}\u0000${spender}`, amount);
  }

  /** Forgets cached allowances (after a rollback). */
  reset(): void {
    this.cache = new Map();
  }

  private remember(cacheKey: string, amount: bigint): void {
    if (this.cache.size >= CACHE_LIMIT) this.cache = new Map();
    this.cache.set(cacheKey, amount);
  }

  /** Spends from an allowance (an unlimited one stays unlimited); the caller has checked it covers `amount`. */
  spend(network: Network, token: string, owner: string, spender: string, amount: bigint): void {
    const current = this.get(network, token, owner, spender);
    if (current < amount) throw new RangeError('allowance does not cover the spend');
    if (current !== MAX_UINT256) this.set(network, token, owner, spender, current - amount);
  }
}
