import type Database from 'better-sqlite3';
import type { Network, TokenMovement } from '@vetted/venues';

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

export interface SupplyRecord {
  network: Network;
  token: string | null;
  /** Entered from outside: faucet deposits and the genesis allocation. */
  depositedRaw: bigint;
  /** Created and destroyed by the world's own rules (prediction shares). */
  mintedRaw: bigint;
  burnedRaw: bigint;
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
  private readonly selectSupply: Database.Statement<[string, string], [string, string, string]>;
  private readonly upsertSupply: Database.Statement<[string, string, string, string, string]>;
  private readonly selectSupplies: Database.Statement<[], [string, string, string, string, string]>;
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
    this.selectSupply = db
      .prepare<[string, string], [string, string, string]>(
        'SELECT deposited, minted, burned FROM supply WHERE network = ? AND token = ?',
      )
      .raw(true);
    this.upsertSupply = db.prepare(
      `INSERT INTO supply (network, token, deposited, minted, burned) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (network, token) DO UPDATE SET
         deposited = excluded.deposited, minted = excluded.minted, burned = excluded.burned`,
    );
    this.selectSupplies = db
      .prepare<[], [string, string, string, string, string]>(
        'SELECT network, token, deposited, minted, burned FROM supply ORDER BY network, token',
      )
      .raw(true);
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
    this.count(network, token, amount, 0n, 0n);
    return { network, token, from: null, to, amountRaw: amount, purpose: 'value' };
  }

  mint(network: Network, token: string, to: string, amount: bigint): TokenMovement | null {
    if (amount === 0n) return null;
    this.credit(network, to, token, amount);
    this.count(network, token, 0n, amount, 0n);
    return { network, token, from: null, to, amountRaw: amount, purpose: 'value' };
  }

  burn(network: Network, token: string, from: string, amount: bigint): TokenMovement | null {
    if (amount === 0n) return null;
    this.debit(network, from, token, amount);
    this.count(network, token, 0n, 0n, amount);
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

  supplies(): SupplyRecord[] {
    return this.selectSupplies.all().map(([network, token, deposited, minted, burned]) => ({
      network: network as Network,
      token: tokenOf(token),
      depositedRaw: BigInt(deposited),
      mintedRaw: BigInt(minted),
      burnedRaw: BigInt(burned),
    }));
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

  private count(network: Network, token: string | null, deposited: bigint, minted: bigint, burned: bigint): void {
    const row = this.selectSupply.get(network, key(token));
    const [d, m, b] = row ? row.map(BigInt) : [0n, 0n, 0n];
    this.upsertSupply.run(
      network,
      key(token),
      (d + deposited).toString(),
      (m + minted).toString(),
      (b + burned).toString(),
    );
  }
}

/** Collects the movements of one transaction, skipping the empty ones. */
export class Movements {
  readonly list: TokenMovement[] = [];
  add(movement: TokenMovement | null): void {
    if (movement) this.list.push(movement);
  }
}
