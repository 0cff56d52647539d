import type Database from 'better-sqlite3';
import type { DepositWallet } from '@vetted/venues';
import { PREDICT_VENUE } from '@vetted/venues';
import type { TxContext, TxKind } from '../txs/submissions';
import type { TxOutcome } from '../txs/tx-log';
import { derivedEvmAddress } from '../world/deterministic';
import { iso } from '../world/world-clock';

export interface DeployRequest {
  submissionId: string;
  controller: string;
}

type Row = [controller: string, address: string, deployedMs: number];

/** Venue accounts, one per controller EVM wallet, each with its own address on polygon. */
export class DepositWallets implements TxKind<DeployRequest> {
  readonly kind = 'depositWalletDeploy';
  readonly settlesAtOnce = true;
  readonly usesNonce = false;
  private readonly select: Database.Statement<[string], Row>;
  private readonly insert: Database.Statement<[string, string, number]>;

  constructor(
    db: Database.Database,
    private readonly seed: string,
  ) {
    this.select = db
      .prepare<[string], Row>(
        'SELECT controller, address, deployed_ms FROM deposit_wallets WHERE controller = ?',
      )
      .raw(true);
    this.insert = db.prepare(
      'INSERT INTO deposit_wallets (controller, address, deployed_ms) VALUES (?, ?, ?)',
    );
  }

  /** Deployment is idempotent per controller: its submission id is derived from it. */
  static submissionId(controller: string): string {
    return `deposit-wallet:${controller}`;
  }

  find(controller: string): DepositWallet | null {
    const row = this.select.get(controller);
    return row
      ? { venue: PREDICT_VENUE.pathSegment, controller: row[0], address: row[1], deployedAt: iso(row[2]) }
      : null;
  }

  preflight(): void {}

  execute(request: DeployRequest, context: TxContext): TxOutcome {
    const address = derivedEvmAddress(`vetted-sandbox:deposit-wallet:${this.seed}:${request.controller}`);
    this.insert.run(request.controller, address, context.nowMs);
    return { status: 'success', feeRaw: 0n, transfers: [], error: null, result: { address } };
  }
}
