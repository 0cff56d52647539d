import type Database from 'better-sqlite3';
import type { Network, TokenMovement } from '@vetted/venues';
import { rawAmountBound } from '@vetted/venues';
import { Supply, type SupplyRecord } from './supply';

/** Raised inside a write when a debit would make a balance negative; the write is rolled back. */
export class InsufficientBalance extends Error {
  constructor(
    readonly network: Network,
    readonly address: string,
    readonly token: string | null,
    readonly needed: bigint,
    readonly available: bigint,
  ) {
    super(`${address} holds ${available} of ${token ?? 'native'} on ${network}, needs ${needed}`);
    this.name = 'InsufficientBalance';
  }
}

export interface Holding {
  network: Network;
  address: string;
  token: string | null;
  amountRaw: bigint;
}

const key = (token: string | null): string => token ?? '';
const CACHE_LIMIT = 200_000;
const tokenOf = (stored: string): string | null => (stored === '' ? null : stored);

/**
 * Every balance in the world. Value only moves (debit one holder, credit another), except for
 * deposits, mints and burns, which the supply table counts, so that for every token
 * sum(balances) = deposited + minted - burned, and no balance is ever negative.
 */
export class Ledger {
  private readonly selectBalance: Database.Statement<[string, string, string], string>;
  private readonly upsertBalance: Database.Statement<[string, string, string, string]>;
  private readonly selectAccount: Database.Statement<[string, string], [string, string]>;
  private readonly selectAll: Database.Statement<[], [string, string, string, string]>;
  private readonly supply: Supply;
  /** Write-through cache of balances: the world owns its file, so only a rollback can make it stale. */
  private cache = new Map<string, bigint>();

  constructor(db: Database.Database) {
    this.selectBalance = db
      .prepare<[string, string, string], string>(
        'SELECT amount FROM balances WHERE network = ? AND address = ? AND token = ?',
      )
      .pluck();
    this.upsertBalance = db.prepare(
      `INSERT INTO balances (network, address, token, amount) VALUES (?, ?, ?, ?)
       ON CONFLICT (network, address, token) DO UPDATE SET amount = excluded.amount`,
    );
    this.selectAccount = db
      .prepare<[string, string], [string, string]>(
        "SELECT token, amount FROM balances WHERE network = ? AND address = ? AND amount <> '0' ORDER BY token",
      )
      .raw(true);
    this.selectAll = db
      .prepare<[], [string, string, string, string]>('SELECT network, address, token, amount FROM balances')
      .raw(true);
    this.supply = new Supply(db);
  }

  balance(network: Network, address: string, token: string | null): bigint {
    const cacheKey = `${network}\u0000${address}\u0000${key(token)}`;
    let amount = this.cache.get(cacheKey);
    if (amount === undefined) {
      const stored = this.selectBalance.get(network, address, key(token));
      amount = stored === undefined ? 0n : BigInt(stored);
      this.remember(cacheKey, amount);
    }
    return amount;
  }

  /** Forgets cached balances (after a rollback). */
  reset(): void {
    this.cache = new Map();
  }

  balances(network: Network, address: string): { token: string | null; amountRaw: bigint }[] {
    return this.selectAccount
      .all(network, address)
      .map(([token, amount]) => ({ token: tokenOf(token), amountRaw: BigInt(amount) }));
  }

  /** Moves value between holders; zero moves nothing and records nothing. */
  transfer(
    network: Network,
    token: string | null,
    from: string,
    to: string,
    amount: bigint,
    purpose: TokenMovement['purpose'] = 'value',
  ): TokenMovement | null {
    if (amount === 0n) return null;
    this.debit(network, from, token, amount);
    this.credit(network, to, token, amount);
    return { network, token, from, to, amountRaw: amount, purpose };
  }

  /** Value entering from outside the world (faucet, genesis). */
  deposit(network: Network, token: string | null, to: string, amount: bigint): TokenMovement | null {
    if (amount === 0n) return null;
    this.credit(network, to, token, amount);
    this.supply.count(network, key(token), { deposited: amount });
    return { network, token, from: null, to, amountRaw: amount, purpose: 'value' };
  }

  mint(network: Network, token: string, to: string, amount: bigint): TokenMovement | null {
    if (amount === 0n) return null;
    this.credit(network, to, token, amount);
    this.supply.count(network, token, { minted: amount });
    return { network, token, from: null, to, amountRaw: amount, purpose: 'value' };
  }

  burn(network: Network, token: string, from: string, amount: bigint): TokenMovement | null {
    if (amount === 0n) return null;
    this.debit(network, from, token, amount);
    this.supply.count(network, token, { burned: amount });
    return { network, token, from, to: null, amountRaw: amount, purpose: 'value' };
  }

  holdings(): Holding[] {
    return this.selectAll.all().map(([network, address, token, amount]) => ({
      network: network as Network,
      address,
      token: tokenOf(token),
      amountRaw: BigInt(amount),
    }));
  }

  /** How much more of a token may enter: no supply, so no balance, exceeds what its network holds. */
  depositRoom(network: Network, token: string | null): bigint {
    return rawAmountBound(network).max - this.supply.outstanding(network, key(token));
  }

  supplies(): SupplyRecord[] {
    return this.supply.all();
  }

  private debit(network: Network, address: string, token: string | null, amount: bigint): void {
    if (amount < 0n) throw new RangeError('a debit must not be negative');
    const available = this.balance(network, address, token);
    if (available < amount) throw new InsufficientBalance(network, address, token, amount, available);
    this.store(network, address, token, available - amount);
  }

  private credit(network: Network, address: string, token: string | null, amount: bigint): void {
    if (amount < 0n) throw new RangeError('a credit must not be negative');
    this.store(network, address, token, this.balance(network, address, token) + amount);
  }

  private store(network: Network, address: string, token: string | null, amount: bigint): void {
    this.upsertBalance.run(network, address, key(token), amount.toString());
    this.remember(`${network}\u0000${address}\u0000${key(token)}`, amount);
  }

  private remember(cacheKey: string, amount: bigint): void {
    if (this.cache.size >= CACHE_LIMIT) this.cache = new Map();
    this.cache.set(cacheKey, amount);
  }
}

/** Collects the movements of one transaction, skipping the empty ones. */
export class Movements {
  readonly list: TokenMovement[] = [];
  add(movement: TokenMovement | null): void {
    if (movement) this.list.push(movement);
  }
}
