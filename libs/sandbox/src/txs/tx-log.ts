import { extend } from '@vetted/kernel';
import type Database from 'better-sqlite3';
import type { Network, TokenMovement, TxStatus } from '@vetted/venues';
import { decodeOutcome, encodeOutcome } from './outcome-codec';
import { keyOfHash, submissionKey } from '../world/deterministic';

export interface TxOutcome {
  status: Exclude<TxStatus, 'pending'>;
  /** What the signer was charged: native gas, or the venue's fee on `perps` (USDC). */
  feeRaw: bigint;
  transfers: TokenMovement[];
  error: string | null;
  /** What a venue order produced (fills, shares), for its own port to render. */
  result?: unknown;
}

export interface TxRecord {
  seq: number;
  /** The log's key, derived from the submission id (and the EVM form of the hash). */
  key: string;
  hash: string;
  submissionId: string;
  payloadHash: string;
  network: Network;
  kind: string;
  from: string | null;
  to: string | null;
  status: TxStatus;
  nonce: number | null;
  blockNumber: number | null;
  blockMs: number | null;
  submittedMs: number;
  settlesMs: number;
  /** The request, kept only until it has executed (it is needed to execute a pending one). */
  requestJson: string | null;
  outcome: TxOutcome | null;
}

type Row = [
  seq: number,
  key: string,
  hash: string | null,
  submissionId: string,
  payloadHash: string,
  network: string,
  kind: string,
  sender: string | null,
  recipient: string | null,
  status: string,
  nonce: number | null,
  block: number | null,
  blockMs: number | null,
  submittedMs: number,
  settlesMs: number,
  request: string | null,
  outcome: string | null,
];

const COLUMNS =
  'seq, key, hash, submission_id, payload_hash, network, kind, sender, recipient, status, nonce, block, block_ms, submitted_ms, settles_ms, request, outcome';

/** Every submission the world accepted, settled or pending, with what it did. */
export class TxLog {
  private readonly selectByKey: Database.Statement<[string], Row>;
  private readonly selectDue: Database.Statement<[number], Row>;
  private readonly selectNextDue: Database.Statement<[], number | null>;
  private readonly insertRow: Database.Statement<unknown[]>;
  private readonly settleRow: Database.Statement<[string, number | null, number | null, string, number]>;
  private readonly selectLastSeq: Database.Statement<[], number | null>;
  private readonly selectIdentity: Database.Statement<[string], string>;
  private readonly insertIdentity: Database.Statement<[string, string]>;
  private readonly deleteIdentity: Database.Statement<[string]>;
  private nextSeq: number;

  constructor(
    db: Database.Database,
    private readonly seed: string,
  ) {
    this.selectByKey = db.prepare<[string], Row>(`SELECT ${COLUMNS} FROM txs WHERE key = ?`).raw(true);
    this.selectDue = db
      .prepare<[number], Row>(
        `SELECT ${COLUMNS} FROM txs WHERE status = 'pending' AND settles_ms <= ? ORDER BY settles_ms, seq`,
      )
      .raw(true);
    this.selectNextDue = db
      .prepare<[], number | null>("SELECT MIN(settles_ms) FROM txs WHERE status = 'pending'")
      .pluck();
    this.insertRow = db.prepare(`INSERT INTO txs (${COLUMNS}) VALUES (${'?, '.repeat(16)}?)`);
    this.selectLastSeq = db.prepare<[], number | null>('SELECT MAX(seq) FROM txs').pluck();
    this.selectIdentity = db
      .prepare<[string], string>('SELECT hash FROM tx_identities WHERE identity = ?')
      .pluck();
    this.insertIdentity = db.prepare<[string, string]>(
      'INSERT INTO tx_identities (identity, hash) VALUES (?, ?)',
    );
    this.deleteIdentity = db.prepare<[string]>('DELETE FROM tx_identities WHERE identity = ?');
    this.nextSeq = 0;
    this.reload();
    this.settleRow = db.prepare(
      'UPDATE txs SET status = ?, block = ?, block_ms = ?, outcome = ?, request = NULL WHERE seq = ?',
    );
  }

  reload(): void {
    this.nextSeq = (this.selectLastSeq.get() ?? 0) + 1;
  }

  /** The log position the next inserted transaction takes. */
  peekSeq(): number {
    return this.nextSeq;
  }

  bySubmission(submissionId: string): TxRecord | null {
    return this.byKey(this.keyOf(submissionId), submissionId);
  }

  keyOf(submissionId: string): string {
    return submissionKey(this.seed, submissionId);
  }

  byKey(key: string, submissionId: string): TxRecord | null {
    const row = this.selectByKey.get(key);
    return row && row[3] === submissionId ? toRecord(row) : null;
  }

  byHash(hash: string): TxRecord | null {
    const key = typeof hash === 'string' ? keyOfHash(hash) : null;
    const row = key === null ? undefined : this.selectByKey.get(key);
    return row && (row[2] ?? row[1]) === hash ? toRecord(row) : null;
  }

  /** The hash of the transaction recorded with this identity (see `TxKind.identity`), if any. */
  hashOfIdentity(identity: string): string | null {
    return this.selectIdentity.get(identity) ?? null;
  }

  /** Inside a write: the transaction `hash` has this identity now. */
  claimIdentity(identity: string, hash: string): void {
    this.insertIdentity.run(identity, hash);
  }

  /** Inside a write: the transaction with this identity was dropped; the same one may come again. */
  releaseIdentity(identity: string): void {
    this.deleteIdentity.run(identity);
  }

  due(nowMs: number): TxRecord[] {
    return this.selectDue.all(nowMs).map(toRecord);
  }

  nextDueMs(): number | null {
    return this.selectNextDue.get() ?? null;
  }

  insert(record: Omit<TxRecord, 'seq'>): TxRecord {
    const seq = this.nextSeq;
    this.insertRow.run(
      seq,
      record.key,
      record.hash === record.key ? null : record.hash,
      record.submissionId,
      record.payloadHash,
      record.network,
      record.kind,
      record.from,
      record.to,
      record.status,
      record.nonce,
      record.blockNumber,
      record.blockMs,
      record.submittedMs,
      record.settlesMs,
      record.outcome ? null : record.requestJson,
      record.outcome ? encodeOutcome(record.outcome) : null,
    );
    this.nextSeq = seq + 1;
    return extend(record, { seq });
  }

  settle(record: TxRecord, outcome: TxOutcome, blockNumber: number | null, blockMs: number | null): TxRecord {
    this.settleRow.run(outcome.status, blockNumber, blockMs, encodeOutcome(outcome), record.seq);
    return extend(record, { status: outcome.status, blockNumber, blockMs, requestJson: null, outcome });
  }
}

function toRecord(row: Row): TxRecord {
  const [seq, key, hash, submissionId, payloadHash, network, kind, from, to, status, nonce] = row;
  const [blockNumber, blockMs, submittedMs, settlesMs, requestJson, outcome] = row.slice(11) as [
    number | null,
    number | null,
    number,
    number,
    string | null,
    string | null,
  ];
  return {
    seq,
    key,
    hash: hash ?? key,
    submissionId,
    payloadHash,
    network: network as Network,
    kind,
    from,
    to,
    status: status as TxStatus,
    nonce,
    blockNumber,
    blockMs,
    submittedMs,
    settlesMs,
    requestJson,
    outcome: outcome === null ? null : decodeOutcome(outcome),
  };
}
