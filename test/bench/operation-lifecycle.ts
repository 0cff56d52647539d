/**
 * The operations bench's load: the quoted swap every create sends, and the full lifecycle loop
 * (create, approve, poll until done) its clients run.
 */
import { USDC_ADDRESSES } from '@vetted/sandbox';
import { randomUUID } from 'node:crypto';
import type { HttpClient } from './json-client';
import { sleep } from './util';

const USDC = USDC_ADDRESSES.base;
/**
 * Polling after an approve: the first poll waits POLL_FIRST_SHARE of the recent approve-to-done time
 * (a moving average over all clients), the next ones POLL_STEP_SHARE of it (at least POLL_MIN_MS), so
 * a client polls once or twice per operation and overshoots `done` by a small share of its latency,
 * instead of spending the API's CPU on GETs that can only answer `working`.
 */
export const POLL_FIRST_SHARE = 0.8;
export const POLL_STEP_SHARE = 0.15;
const POLL_MIN_MS = 2;
const POLL_TIMEOUT_MS = 30_000;

export interface User {
  token: string;
  walletId: number;
}

export function createBody(walletId: number): {
  idempotencyKey: string;
  operation: Record<string, unknown>;
} {
  return {
    idempotencyKey: randomUUID(),
    operation: {
      kind: 'swap',
      walletId,
      swapIntent: {
        from: { network: 'base', token: USDC },
        to: { network: 'base', token: null },
        amount: '1',
        quoteFloor: { sellRaw: '1000000', receiveRaw: '1' },
      },
    },
  };
}

export interface OperationJson {
  id: string;
  state: string;
  txs: { status: string }[];
}

export interface Lifecycle {
  opsPerSecond: number;
  completed: number;
  ms: number;
  createLatencies: number[];
  approveLatencies: number[];
  /** From the approve's answer to the poll that saw `done`. */
  settleLatencies: number[];
  polls: number;
  approvedDone: number;
  /** Chain transactions of the operations done (a USDC swap on base: token approval + swap). */
  txs: number;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * `clients` loops of create -> approve -> poll until done, starting new operations for `durationMs`.
 * Counts the operations done within the window; the ones in flight at its end finish uncounted.
 */
export async function lifecycleLoad(
  client: HttpClient,
  users: readonly User[],
  clients: number,
  durationMs: number,
  /** Where the approve-to-done moving average starts (the warm-up's median, or a guess). */
  initialSettleMs: number,
): Promise<Lifecycle> {
  const start = performance.now();
  const end = start + durationMs;
  const out: Lifecycle = {
    opsPerSecond: 0,
    completed: 0,
    ms: durationMs,
    createLatencies: [],
    approveLatencies: [],
    settleLatencies: [],
    polls: 0,
    approvedDone: 0,
    txs: 0,
  };
  let settleEstimate = initialSettleMs;
  const loop = async (index: number): Promise<void> => {
    const user = users[index % users.length];
    while (performance.now() < end) {
      const t0 = performance.now();
      const created = await client.json<OperationJson>(
        'POST',
        '/v1/operations',
        201,
        user.token,
        createBody(user.walletId),
      );
      const t1 = performance.now();
      if (created.body.state !== 'awaitingApproval')
        throw new Error(`a created operation is ${created.body.state}: ${created.answer.text.slice(0, 300)}`);
      const id = created.body.id;
      const approved = await client.json<OperationJson>(
        'POST',
        `/v1/operations/${id}/approve`,
        200,
        user.token,
        {},
      );
      const t2 = performance.now();
      out.createLatencies.push(t1 - t0);
      out.approveLatencies.push(t2 - t1);
      let op = approved.body;
      let wait = Math.max(POLL_MIN_MS, POLL_FIRST_SHARE * settleEstimate);
      if (op.state === 'done') out.approvedDone++;
      while (op.state !== 'done') {
        if (op.state !== 'working' && op.state !== 'awaitingApproval')
          throw new Error(`operation ${id} ended ${op.state}: ${JSON.stringify(op).slice(0, 2000)}`);
        if (performance.now() - t2 > POLL_TIMEOUT_MS)
          throw new Error(`operation ${id} is still ${op.state} ${POLL_TIMEOUT_MS} ms after its approval`);
        await sleep(wait);
        wait = Math.max(POLL_MIN_MS, POLL_STEP_SHARE * settleEstimate);
        op = (await client.json<OperationJson>('GET', `/v1/operations/${id}`, 200, user.token)).body;
        out.polls++;
      }
      const done = performance.now();
      settleEstimate = 0.9 * settleEstimate + 0.1 * (done - t2);
      if (op.txs.length === 0 || op.txs.some((tx) => tx.status !== 'success'))
        throw new Error(`operation ${id} is done without its txs all successful: ${JSON.stringify(op.txs)}`);
      out.txs += op.txs.length;
      out.settleLatencies.push(done - t2);
      if (done <= end) out.completed++;
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, i) => loop(i)));
  out.opsPerSecond = (out.completed * 1000) / durationMs;
  return out;
}
