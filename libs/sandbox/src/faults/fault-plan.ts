import type Database from 'better-sqlite3';

/**
 * - `submission`: new submissions to the chain and the venues (a replay of a known submission id is
 *   answered from the record and neither misbehaves nor uses up a fault);
 * - `quote`: swap quotes;
 * - `depositWallet`: deployments of new deposit wallets.
 */
export type FaultTarget = 'submission' | 'quote' | 'depositWallet';
/**
 * - `reject` / `fail`: the call throws and nothing happens;
 * - `uncertain`: the call throws `SubmissionUncertain`, yet the submission is recorded and settles as usual;
 * - `timeout`: the call throws `SubmissionTimeout` at once (nothing sleeps), and a chain transaction
 *   lands `landAfterSeconds` of sandbox time later (venue orders and deployments, which never wait
 *   for a block, execute at once: the caller still learns of them only by looking them up).
 * Quotes fail under every mode (they have no effect to keep).
 */
export type FaultMode = 'reject' | 'uncertain' | 'timeout' | 'fail';

export const FAULT_TARGETS: readonly FaultTarget[] = ['submission', 'quote', 'depositWallet'];
export const FAULT_MODES: readonly FaultMode[] = ['reject', 'uncertain', 'timeout', 'fail'];
export const DEFAULT_LAND_AFTER_SECONDS = 12;

export interface FaultSpec {
  target: FaultTarget;
  mode: FaultMode;
  /** How many of the next matching calls misbehave. */
  count: number;
  landAfterSeconds?: number;
}

export interface InjectedFault {
  id: number;
  target: FaultTarget;
  mode: FaultMode;
  remaining: number;
  landAfterSeconds: number;
}

type Row = [id: number, target: FaultTarget, mode: FaultMode, remaining: number, landAfterMs: number];

/** Injected faults, consumed oldest first per target; persisted with the world. */
export class FaultPlan {
  private active: Row[] = [];
  private readonly selectActive: Database.Statement<[], Row>;
  private readonly insert: Database.Statement<[string, string, number, number, number]>;
  private readonly decrement: Database.Statement<[number]>;
  private readonly clearAll: Database.Statement<[]>;

  constructor(db: Database.Database) {
    this.selectActive = db
      .prepare<[], Row>(
        'SELECT id, target, mode, remaining, land_after_ms FROM faults WHERE remaining > 0 ORDER BY id',
      )
      .raw(true);
    this.insert = db.prepare(
      'INSERT INTO faults (target, mode, remaining, land_after_ms, created_ms) VALUES (?, ?, ?, ?, ?)',
    );
    this.decrement = db.prepare('UPDATE faults SET remaining = remaining - 1 WHERE id = ?');
    this.clearAll = db.prepare('UPDATE faults SET remaining = 0 WHERE remaining > 0');
    this.reload();
  }

  static check(spec: FaultSpec): void {
    if (!FAULT_TARGETS.includes(spec.target))
      throw new RangeError(`unknown fault target ${String(spec.target)}`);
    if (!FAULT_MODES.includes(spec.mode)) throw new RangeError(`unknown fault mode ${String(spec.mode)}`);
    if (!Number.isSafeInteger(spec.count) || spec.count < 1)
      throw new RangeError('fault count must be a positive integer');
    const land = spec.landAfterSeconds ?? DEFAULT_LAND_AFTER_SECONDS;
    if (!Number.isFinite(land) || land < 0) throw new RangeError('landAfterSeconds must be >= 0');
  }

  reload(): void {
    this.active = this.selectActive.all();
  }

  inject(spec: FaultSpec, nowMs: number): InjectedFault {
    FaultPlan.check(spec);
    const landAfterMs = Math.round((spec.landAfterSeconds ?? DEFAULT_LAND_AFTER_SECONDS) * 1000);
    const id = Number(
      this.insert.run(spec.target, spec.mode, spec.count, landAfterMs, nowMs).lastInsertRowid,
    );
    this.active.push([id, spec.target, spec.mode, spec.count, landAfterMs]);
    return toFault(this.active[this.active.length - 1]);
  }

  /** Uses up one fault for the target, if any is left (inside a write). */
  take(target: FaultTarget): InjectedFault | null {
    if (this.active.length === 0) return null;
    const index = this.active.findIndex((row) => row[1] === target);
    if (index < 0) return null;
    const row = this.active[index];
    this.decrement.run(row[0]);
    const taken = toFault(row);
    if (row[3] <= 1) this.active.splice(index, 1);
    else this.active[index] = [row[0], row[1], row[2], row[3] - 1, row[4]];
    return taken;
  }

  pending(target: FaultTarget): boolean {
    return this.active.some((row) => row[1] === target);
  }

  list(): InjectedFault[] {
    return this.active.map(toFault);
  }

  clear(): void {
    this.clearAll.run();
    this.active = [];
  }
}

function toFault([id, target, mode, remaining, landAfterMs]: Row): InjectedFault {
  return { id, target, mode, remaining, landAfterSeconds: landAfterMs / 1000 };
}
