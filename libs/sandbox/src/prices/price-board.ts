import type Database from 'better-sqlite3';
import { Dec } from '@vetted/venues';
import { hash32 } from '../world/deterministic';
import { PRICE_STEP_MS, PRICE_TTL_MS, seriesVol } from './price-series';
import { PriceWalk } from './price-walk';

export interface SeriesQuote {
  usd: Dec;
  updatedMs: number;
  expiresMs: number;
  expired: boolean;
  /** Changes whenever the price may have changed: pools re-sync to the oracle when it does. */
  version: string;
}

interface SeriesRow {
  anchorUsd: Dec;
  anchorStep: number;
  anchorMs: number;
  revision: number;
  expiredMs: number | null;
  walk: PriceWalk;
}

type Row = [
  series: string,
  anchorUsd: string,
  anchorStep: number,
  anchorMs: number,
  revision: number,
  expiredMs: number | null,
];

export const stepOf = (ms: number): number => Math.floor(ms / PRICE_STEP_MS);

/**
 * The world's USD prices: each series walks from its anchor as sandbox time passes. The admin
 * re-anchors a series (`set`) or freezes it as expired (`expire`) until the next `set`.
 */
export class PriceBoard {
  private rows = new Map<string, SeriesRow>();
  private readonly selectAll: Database.Statement<[], Row>;
  private readonly upsert: Database.Statement<[string, string, number, number, number, number | null]>;
  private readonly memo = new Map<string, { key: string; usd: Dec }>();

  constructor(
    db: Database.Database,
    private readonly seed: string,
  ) {
    this.selectAll = db
      .prepare<[], Row>(
        'SELECT series, anchor_usd, anchor_step, anchor_ms, revision, expired_ms FROM price_series',
      )
      .raw(true);
    this.upsert = db.prepare(
      `INSERT INTO price_series (series, anchor_usd, anchor_step, anchor_ms, revision, expired_ms) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (series) DO UPDATE SET anchor_usd = excluded.anchor_usd, anchor_step = excluded.anchor_step,
         anchor_ms = excluded.anchor_ms, revision = excluded.revision, expired_ms = excluded.expired_ms`,
    );
    this.reload();
  }

  reload(): void {
    this.rows = new Map(this.selectAll.all().map((row) => [row[0], this.toRow(row)]));
    this.memo.clear();
  }

  has(series: string): boolean {
    return this.rows.has(series);
  }

  quote(series: string, nowMs: number): SeriesQuote | null {
    const row = this.rows.get(series);
    if (!row) return null;
    if (row.expiredMs !== null)
      return {
        usd: row.anchorUsd,
        updatedMs: row.expiredMs - PRICE_TTL_MS,
        expiresMs: row.expiredMs,
        expired: true,
        version: `${row.revision}`,
      };
    const step = Math.max(stepOf(nowMs), row.anchorStep);
    const updatedMs = step === row.anchorStep ? row.anchorMs : step * PRICE_STEP_MS;
    return {
      usd: this.walked(series, row, step),
      updatedMs,
      expiresMs: updatedMs + PRICE_TTL_MS,
      expired: false,
      version: `${row.revision}:${step}`,
    };
  }

  /** Anchors the series at `usd` from now on (and lifts an expiry). */
  set(series: string, usd: Dec, nowMs: number): void {
    const revision = (this.rows.get(series)?.revision ?? 0) + 1;
    this.write([series, usd.toFixed(), stepOf(nowMs), nowMs, revision, null]);
  }

  /** Freezes the series at its current price and marks it expired as of now. */
  expire(series: string, nowMs: number): void {
    const current = this.quote(series, nowMs);
    const row = this.rows.get(series);
    if (!current || !row || row.expiredMs !== null) return;
    this.write([series, current.usd.toFixed(), stepOf(nowMs), nowMs, row.revision + 1, nowMs]);
  }

  private write(row: Row): void {
    this.upsert.run(...row);
    this.rows.set(row[0], this.toRow(row));
  }

  private walked(series: string, row: SeriesRow, step: number): Dec {
    const key = `${row.revision}:${step}`;
    const memo = this.memo.get(series);
    if (memo?.key === key) return memo.usd;
    const usd = row.walk.priceAt(step);
    this.memo.set(series, { key, usd });
    return usd;
  }

  private toRow([series, anchorUsd, anchorStep, anchorMs, revision, expiredMs]: Row): SeriesRow {
    const anchor = new Dec(anchorUsd);
    const stream = hash32(`${this.seed}|${series}`);
    return {
      anchorUsd: anchor,
      anchorStep,
      anchorMs,
      revision,
      expiredMs,
      walk: new PriceWalk(stream, anchor, anchorStep, new Dec(seriesVol(series))),
    };
  }
}
