import type Database from 'better-sqlite3';
import { MARKET_SPECS } from './market-catalog';

export interface MarketState {
  id: string;
  status: 'open' | 'resolved';
  /** The winning outcome's token id. */
  winner: string | null;
  resolvedMs: number | null;
}

type Row = [id: string, status: 'open' | 'resolved', winner: string | null, resolvedMs: number | null];

/** Which prediction markets are open and which resolved, to what. */
export class MarketBook {
  private states = new Map<string, MarketState>();
  private readonly selectAll: Database.Statement<[], Row>;
  private readonly insert: Database.Statement<[string]>;
  private readonly update: Database.Statement<[string, number, string]>;

  constructor(db: Database.Database) {
    this.selectAll = db.prepare<[], Row>('SELECT id, status, winner, resolved_ms FROM markets').raw(true);
    this.insert = db.prepare("INSERT OR IGNORE INTO markets (id, status) VALUES (?, 'open')");
    this.update = db.prepare(
      "UPDATE markets SET status = 'resolved', winner = ?, resolved_ms = ? WHERE id = ?",
    );
    this.reload();
  }

  genesis(): void {
    for (const market of MARKET_SPECS) this.insert.run(market.id);
    this.reload();
  }

  reload(): void {
    this.states = new Map(
      this.selectAll
        .all()
        .map(([id, status, winner, resolvedMs]) => [id, { id, status, winner, resolvedMs }]),
    );
  }

  state(id: string): MarketState | null {
    return this.states.get(id) ?? null;
  }

  resolve(id: string, winner: string, nowMs: number): MarketState {
    this.update.run(winner, nowMs, id);
    const state: MarketState = { id, status: 'resolved', winner, resolvedMs: nowMs };
    this.states.set(id, state);
    return state;
  }
}
