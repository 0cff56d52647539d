import type Database from 'better-sqlite3';
import type { Balance, SpotBalance, TokenMovement } from '@vetted/venues';
import { Dec, decimalString } from '@vetted/venues';
import { perpCoin, type SandboxPerpCoin } from './perp-coins';

type Row = [coin: string, total: string];

/**
 * Spot coins per address on the perp venue, in coin units (exact decimals: sizes never carry more
 * than the coin's `szDecimals`). The USDC side of spot trades is the ledger's USDC on `perps`; the
 * coins are not ledger tokens (the house sells from an unbounded inventory, so no supply counts
 * them), but they are the address's holdings on `perps`: the chain port lists them among its
 * balances there, in raw units of 10^-szDecimals (`spotRaw`), and a spot order's transfers show
 * them moving. Only spot orders move them. No cache: every read goes to the database, so a
 * rolled-back write leaves nothing stale behind.
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

  /** The address's coins as balances on `perps`: token = the coin, raw units of 10^-szDecimals. */
  holdings(address: string): Balance[] {
    return this.selectAll.all(address).flatMap(([coin, total]) => {
      const spec = perpCoin(coin);
      return spec
        ? [{ network: 'perps' as const, token: coin, amountRaw: spotRaw(spec, new Dec(total)) }]
        : [];
    });
  }

  /** One coin's balance in raw units. */
  raw(address: string, coin: SandboxPerpCoin): bigint {
    return spotRaw(coin, this.balance(address, coin.coin));
  }
}

/** Coin units in raw units of 10^-szDecimals: exact, as sizes never carry more decimals. */
export function spotRaw(coin: SandboxPerpCoin, units: Dec): bigint {
  const raw = units.times(new Dec(10).pow(coin.szDecimals));
  if (!raw.isInteger())
    throw new RangeError(`${units.toFixed()} ${coin.coin} has more than ${coin.szDecimals} decimals`);
  return BigInt(raw.toFixed());
}

/**
 * The coin side of a spot trade, as a transfer on `perps` (token = the coin, raw units): from the
 * house to a buyer, from a seller to the house. Null when nothing filled.
 */
export function spotCoinMovement(
  coin: SandboxPerpCoin,
  trader: string,
  house: string,
  side: 'buy' | 'sell',
  filled: Dec,
): TokenMovement | null {
  const amountRaw = spotRaw(coin, filled);
  if (amountRaw === 0n) return null;
  const [from, to] = side === 'buy' ? [house, trader] : [trader, house];
  return { network: 'perps', token: coin.coin, from, to, amountRaw, purpose: 'value' };
}
