import { extend } from '@vetted/kernel';
import type { Network } from '@vetted/venues';
import { Movements } from './ledger';
import type { TxContext, TxKind } from '../txs/submissions';
import type { TxOutcome, TxRecord } from '../txs/tx-log';
import { encodeJson, sha256Hex } from '../store/json-codec';
import type { World } from '../world/world';

export interface FaucetRequest {
  submissionId: string;
  network: Network;
  to: string;
  token: string | null;
  amountRaw: bigint;
}

/** A deposit the sandbox refuses (it would take the token's supply past a uint256). */
export class FaucetRefused extends RangeError {}

/** An external deposit: with fees, the only way value enters the world (see `SupplyRecord.depositedRaw`). */
export class Faucet implements TxKind<FaucetRequest> {
  readonly kind = 'faucet';
  readonly settlesAtOnce = true;
  readonly usesNonce = false;

  constructor(private readonly world: World) {}

  /** Inside a write: a deposit is a transaction of its own (with a hash, a block and a receipt). */
  deposit(deposit: Omit<FaucetRequest, 'submissionId'>): TxRecord {
    const request: FaucetRequest = { submissionId: this.nextSubmissionId(), ...deposit };
    const requestJson = encodeJson(request);
    const payloadHash = sha256Hex(requestJson);
    const envelope = {
      network: request.network,
      from: null,
      to: request.to,
      faultTarget: null,
      deadlineMs: null,
    };
    const submission = extend(envelope, {
      kind: this,
      submissionId: request.submissionId,
      request,
      requestJson,
      payloadHash,
    });
    return this.world.submissions.submit(submission).record!;
  }

  preflight(): void {}

  execute(request: FaucetRequest, _context: TxContext): TxOutcome {
    const movements = new Movements();
    movements.add(this.world.ledger.deposit(request.network, request.token, request.to, request.amountRaw));
    return { status: 'success', feeRaw: 0n, transfers: movements.list, error: null };
  }

  /** Faucet submissions are numbered, so their hashes replay with the seed. */
  private nextSubmissionId(): string {
    const next = Number(this.world.meta.get('faucet_seq') ?? 0) + 1;
    this.world.meta.set('faucet_seq', String(next));
    return `faucet:${next}`;
  }
}
