import type Database from 'better-sqlite3';
import type { PerpAccount, PerpPosition } from '@vetted/venues';
import { Dec, decimalString } from '@vetted/venues';
import type { Ledger } from '../ledger/ledger';
import type { AssetPrices } from '../prices/asset-prices';
import { USDC_ADDRESSES } from '../tokens/token-registry';
import { initialMargin, unrealizedPnl, type PositionState } from './position-math';

export interface StoredPosition extends PositionState {
  coin: string;
  leverage: number;
}

export const PERPS_USDC = USDC_ADDRESSES.perps;
const USDC_UNIT = new Dec(1_000_000);

type Row = [coin: string, size: string, entryPx: string, leverage: number];

/**
 * Margin accounts on `perps`: the account's collateral is the address's USDC balance on that
 * network; positions (and the leverage chosen per coin, kept even when flat) live here.
 */
export class PerpAccounts {
  private readonly selectOne: Database.Statement<[string, string], Row>;
  private readonly selectAll: Database.Statement<[string], Row>;
  private readonly upsert: Database.Statement<[string, string, string, string, number]>;

  constructor(
    db: Database.Database,
    private readonly ledger: Ledger,
    private readonly prices: AssetPrices,
  ) {
    this.selectOne = db
      .prepare<[string, string], Row>(
        'SELECT coin, size, entry_px, leverage FROM perp_positions WHERE address = ? AND coin = ?',
      )
      .raw(true);
    this.selectAll = db
      .prepare<[string], Row>(
        'SELECT coin, size, entry_px, leverage FROM perp_positions WHERE address = ? ORDER BY coin',
      )
      .raw(true);
    this.upsert = db.prepare(
      `INSERT INTO perp_positions (address, coin, size, entry_px, leverage) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (address, coin) DO UPDATE SET size = excluded.size, entry_px = excluded.entry_px, leverage = excluded.leverage`,
    );
  }

  position(address: string, coin: string): StoredPosition | null {
    const row = this.selectOne.get(address, coin);
    return row ? toStored(row) : null;
  }

  positions(address: string): StoredPosition[] {
    return this.selectAll.all(address).map(toStored);
  }

  save(address: string, coin: string, position: PositionState, leverage: number): void {
    this.upsert.run(address, coin, position.size.toFixed(), position.entryPx.toFixed(), leverage);
  }

  /** The venue's mark: the coin's series price (an expired oracle does not stop the venue). */
  mark(coin: string, nowMs: number): Dec {
    const quote = this.prices.quote({ network: 'perps', token: coin }, nowMs);
    if (!quote) throw new Error(`perp coin ${coin} has no price series`);
    return quote.usd;
  }

  /** Balance, unrealized PnL and initial margin of the account, with `override` replacing one coin's position. */
  valuation(
    address: string,
    nowMs: number,
    override?: StoredPosition,
  ): { balanceRaw: bigint; upnl: Dec; margin: Dec } {
    const positions = this.positions(address).filter((p) => p.coin !== override?.coin);
    if (override) positions.push(override);
    let upnl = new Dec(0);
    let margin = new Dec(0);
    for (const p of positions) {
      if (p.size.isZero()) continue;
      const mark = this.mark(p.coin, nowMs);
      upnl = upnl.plus(unrealizedPnl(p, mark));
      margin = margin.plus(initialMargin(p, mark, p.leverage));
    }
    return { balanceRaw: this.ledger.balance('perps', address, PERPS_USDC), upnl, margin };
  }

  /** What may leave the account: balance + unrealized PnL - margin in use, within [0, balance]. */
  withdrawableRaw(address: string, nowMs: number): bigint {
    const { balanceRaw, upnl, margin } = this.valuation(address, nowMs);
    if (margin.isZero() && upnl.isZero()) return balanceRaw;
    const free = new Dec(balanceRaw.toString()).plus(upnl.minus(margin).times(USDC_UNIT));
    const raw = BigInt(Dec.max(0, free).toFixed(0, Dec.ROUND_DOWN));
    return raw < balanceRaw ? raw : balanceRaw;
  }

  account(address: string, nowMs: number): PerpAccount {
    const { balanceRaw, upnl, margin } = this.valuation(address, nowMs);
    return {
      address,
      balanceRaw,
      accountValue: decimalString(new Dec(balanceRaw.toString()).div(USDC_UNIT).plus(upnl)),
      marginUsed: decimalString(margin.toDecimalPlaces(6, Dec.ROUND_UP)),
      withdrawableRaw: this.withdrawableRaw(address, nowMs),
      positions: this.positions(address)
        .filter((p) => !p.size.isZero())
        .map((p) => this.render(p, nowMs)),
    };
  }

  render(p: StoredPosition, nowMs: number): PerpPosition {
    const mark = this.mark(p.coin, nowMs);
    return {
      coin: p.coin,
      size: decimalString(p.size),
      entryPx: decimalString(p.entryPx.toSignificantDigits(12)),
      leverage: p.leverage,
      markPx: decimalString(mark),
      unrealizedPnl: decimalString(unrealizedPnl(p, mark).toDecimalPlaces(6, Dec.ROUND_HALF_EVEN)),
      marginUsed: decimalString(initialMargin(p, mark, p.leverage).toDecimalPlaces(6, Dec.ROUND_UP)),
    };
  }
}

function toStored([coin, size, entryPx, leverage]: Row): StoredPosition {
  return { coin, size: new Dec(size), entryPx: new Dec(entryPx), leverage };
}
