import type Database from 'better-sqlite3';
import type { Network } from '@vetted/venues';

export interface SupplyRecord {
  network: Network;
  token: string | null;
  /** Entered from outside: faucet deposits and the genesis allocation. */
  depositedRaw: bigint;
  /** Created and destroyed by the world's own rules (prediction shares). */
  mintedRaw: bigint;
  burnedRaw: bigint;
}

type Row = [network: string, token: string, deposited: string, minted: string, burned: string];

/** Per token, every change of supply: what was deposited from outside, minted and burned. */
export class Supply {
  private readonly select: Database.Statement<[string, string], [string, string, string]>;
  private readonly upsert: Database.Statement<Row>;
  private readonly selectAll: Database.Statement<[], Row>;

  constructor(db: Database.Database) {
    this.select = db
      .prepare<[string, string], [string, string, string]>(
        'SELECT deposited, minted, burned FROM supply WHERE network = ? AND token = ?',
      )
      .raw(true);
    this.upsert = db.prepare(
      `INSERT INTO supply (network, token, deposited, minted, burned) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (network, token) DO UPDATE SET
         deposited = excluded.deposited, minted = excluded.minted, burned = excluded.burned`,
    );
    this.selectAll = db
      .prepare<[], Row>(
        'SELECT network, token, deposited, minted, burned FROM supply ORDER BY network, token',
      )
      .raw(true);
  }

  /** `token` is the stored key ('' for a native asset). */
  count(
    network: Network,
    token: string,
    change: { deposited?: bigint; minted?: bigint; burned?: bigint },
  ): void {
    const row = this.select.get(network, token);
    const [d, m, b] = row ? row.map(BigInt) : [0n, 0n, 0n];
    this.upsert.run(
      network,
      token,
      (d + (change.deposited ?? 0n)).toString(),
      (m + (change.minted ?? 0n)).toString(),
      (b + (change.burned ?? 0n)).toString(),
    );
  }

  /** What exists of a token now: deposited and minted, less what was burned. */
  outstanding(network: Network, token: string): bigint {
    const row = this.select.get(network, token);
    return row ? BigInt(row[0]) + BigInt(row[1]) - BigInt(row[2]) : 0n;
  }

  all(): SupplyRecord[] {
    return this.selectAll.all().map(([network, token, deposited, minted, burned]) => ({
      network: network as Network,
      token: token === '' ? null : token,
      depositedRaw: BigInt(deposited),
      mintedRaw: BigInt(minted),
      burnedRaw: BigInt(burned),
    }));
  }
}
