import type Database from 'better-sqlite3';
import type { SpotBalance } from '@vetted/venues';
import { Dec, decimalString } from '@vetted/venues';

type Row = [coin: string, total: string];

/**
 * Spot coins per address on the perp venue, in coin units (exact decimals: sizes never carry more
 * than the coin's `szDecimals`). The USDC side of spot trades is the ledger's USDC on `perps`; the
 * coins are not ledger tokens, so they never appear as chain balances. No cache: every read goes to
 * the database, so a rolled-back write leaves nothing stale behind.
 */
export class SpotBalances {
  private readonly selectOne: Database.Statement<[string, string], string>;
  private readonly selectAll: Database.Statement<[string], Row>;
  private readonly upsert: Database.Statement<[string, string, string]>;

  constructor(db: Database.Database) {
    this.selectOne = db
      .prepare<[string, string], string>('SELECT total FROM spot_balances WHERE address = ? AND coin = ?')
      .pluck();
    this.selectAll = db
      .prepare<[string], Row>(
        "SELECT coin, total FROM spot_balances WHERE address = ? AND total <> '0' ORDER BY coin",
      )
      .raw(true);
    this.upsert = db.prepare(
      `INSERT INTO spot_balances (address, coin, total) VALUES (?, ?, ?)
       ON CONFLICT (address, coin) DO UPDATE SET total = excluded.total`,
    );
  }

  balance(address: string, coin: string): Dec {
    const stored = this.selectOne.get(address, coin);
    return new Dec(stored ?? 0);
  }

  /** Inside a write: the coin's new balance (never negative: orders check before they move). */
  save(address: string, coin: string, total: Dec): void {
    if (total.isNeg()) throw new RangeError(`a spot balance must not be negative, got ${total.toFixed()}`);
    this.upsert.run(address, coin, total.toFixed());
  }

  all(address: string): SpotBalance[] {
    return this.selectAll
      .all(address)
      .map(([coin, total]) => ({ coin, total: decimalString(new Dec(total)) }));
  }
}
