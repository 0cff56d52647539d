/**
 * Figure 6: sandbox chain transfers submitted and settled, one at a time (each awaited), with block
 * time 0 so `submit` answers with a settled receipt, on the sandbox's own SQLite file at
 * synchronous=FULL (its default). The baseline is the bare better-sqlite3 single-insert
 * transaction loop of the append bench, on its own temp file with the same pragmas (WAL, FULL):
 * both sides pay one fsync per unit of work, so the ratio is what the sandbox adds on top of it.
 * Rounds alternate which side goes first; the figure is the median of the rounds.
 *
 * The traffic: USDC on `base`, 10 senders funded up front (gas and USDC, through the faucet, not
 * measured) paying a fixed set of 100 recipients, picked by a fixed pseudo-random walk. A fixed set
 * of recipients is what a busy world looks like (the same counterparties over and over): after the
 * warm-up every recipient already holds USDC, so a transfer updates existing balance rows instead of
 * creating one per transfer, and sender nonces keep climbing. Amounts vary (0.01 to 10 USDC).
 */
import { newEvmAddress, systemClock } from '@vetted/kernel';
import { Sandbox, USDC_ADDRESSES } from '@vetted/sandbox';
import type { TransferTx } from '@vetted/venues';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { BareInserter, openBareDatabase } from './bare-sqlite';
import type { Bench, BenchContext } from './bench';
import { formatNumber, log, type BenchResult } from './report';
import { collectGarbage, makeTempDir, median, removeTempDir } from './util';

const SENDERS = 10;
const RECIPIENTS = 100;
const USDC_BASE = USDC_ADDRESSES.base;
/** Per sender: far more than any run spends (a base token transfer costs 65,000 gas x 0.01 gwei). */
const SENDER_ETH_RAW = 10n ** 18n;
const SENDER_USDC_RAW = 1_000_000_000n * 1_000_000n;

interface Traffic {
  senders: string[];
  recipients: string[];
  next: number;
  /** Sum of what the recipients were sent, to check the world afterwards. */
  sentRaw: bigint;
}

function nextTransfer(traffic: Traffic): TransferTx {
  const n = traffic.next++;
  // A fixed walk over the recipients (Knuth's multiplicative hash), the same in every run.
  const recipient = traffic.recipients[(Math.imul(n, 2654435761) >>> 0) % RECIPIENTS];
  const amountRaw = BigInt(10_000 + ((n * 7919) % 1000) * 10_000);
  traffic.sentRaw += amountRaw;
  return {
    kind: 'transfer',
    submissionId: randomUUID(),
    network: 'base',
    from: traffic.senders[n % SENDERS],
    to: recipient,
    token: USDC_BASE,
    amountRaw,
  };
}

/** Submits transfers one at a time for `durationMs`; returns settled transfers per second. */
async function transferRate(
  sandbox: Sandbox,
  traffic: Traffic,
  durationMs: number,
): Promise<{ rate: number; count: number; ms: number }> {
  const start = performance.now();
  const end = start + durationMs;
  let count = 0;
  let now = start;
  while (now < end) {
    const receipt = await sandbox.chain.submit(nextTransfer(traffic));
    if (receipt.status !== 'success')
      throw new Error(`transfer ${receipt.hash} settled as ${receipt.status}: ${receipt.error ?? ''}`);
    count++;
    now = performance.now();
  }
  const ms = now - start;
  return { rate: (count * 1000) / ms, count, ms };
}

export const transfersBench: Bench = {
  name: 'transfers',
  describe:
    'sandbox USDC transfers on base, submitted and settled one at a time (block time 0, FULL) vs bare better-sqlite3 transactions',
  async run(context: BenchContext): Promise<BenchResult[]> {
    const rounds = context.quick ? 2 : 5;
    const roundMs = context.quick ? 400 : 1500;
    const dir = makeTempDir('transfers');
    const sandbox = Sandbox.open({
      file: path.join(dir, 'sandbox.sqlite'),
      clock: systemClock,
      seed: 'bench',
      blockTimeSeconds: 0,
      synchronous: 'FULL',
    });
    const bareDb = openBareDatabase(path.join(dir, 'bare.sqlite'));
    try {
      const traffic: Traffic = {
        senders: Array.from({ length: SENDERS }, () => newEvmAddress()),
        recipients: Array.from({ length: RECIPIENTS }, () => newEvmAddress()),
        next: 0,
        sentRaw: 0n,
      };
      for (const sender of traffic.senders) {
        await sandbox.faucet('base', sender, null, SENDER_ETH_RAW);
        await sandbox.faucet('base', sender, USDC_BASE, SENDER_USDC_RAW);
      }
      const inserter = new BareInserter(bareDb);
      // Warm-up: JIT, statement caches, file growth; every recipient gets its first USDC here.
      inserter.run(300);
      for (let i = 0; i < RECIPIENTS; i++) {
        const tx = nextTransfer(traffic);
        await sandbox.chain.submit({ ...tx, to: traffic.recipients[i] });
      }
      await transferRate(sandbox, traffic, 300);
      const statsBefore = sandbox.stats();

      const service: number[] = [];
      const bare: number[] = [];
      const counts: number[] = [];
      for (let round = 0; round < rounds; round++) {
        const order = round % 2 === 0 ? ['bare', 'service'] : ['service', 'bare'];
        for (const side of order) {
          collectGarbage();
          if (side === 'bare') bare.push(inserter.run(roundMs).rate);
          else {
            const result = await transferRate(sandbox, traffic, roundMs);
            service.push(result.rate);
            counts.push(result.count);
          }
        }
        log(
          `transfers round ${round + 1}/${rounds}: sandbox ${formatNumber(service[round])} transfers/s, bare ${formatNumber(bare[round])} tx/s`,
        );
      }
      const statsAfter = sandbox.stats();

      // The world must agree with what was sent: every recipient's USDC adds up to the total.
      let received = 0n;
      for (const recipient of traffic.recipients)
        received += await sandbox.chain.balance('base', recipient, USDC_BASE);
      if (received !== traffic.sentRaw)
        throw new Error(`recipients hold ${received} USDC raw, ${traffic.sentRaw} were sent`);

      const measured = median(service);
      const baseline = median(bare);
      const units = statsAfter.units - statsBefore.units;
      const transactions = statsAfter.transactions - statsBefore.transactions;
      return [
        {
          name: 'sandbox transfer (sequential, block time 0)',
          measured,
          unit: 'transfers/s',
          baseline,
          baselineUnit: 'tx/s',
          ratio: measured / baseline,
          target: { kind: 'ratio>=', value: 0.4 },
          notes: [
            `median of ${rounds} alternating rounds of ${roundMs} ms; sandbox rounds ${service.map(formatNumber).join(', ')}; bare rounds ${bare.map(formatNumber).join(', ')}`,
            `USDC on base, ${SENDERS} senders -> a fixed set of ${RECIPIENTS} recipients, each transfer awaited before the next; ${counts.reduce((a, b) => a + b, 0)} measured transfers in ${transactions} sandbox write transactions (${units} units); synchronous=FULL on both sides`,
          ],
          rounds: { sandbox: service, bare },
        },
      ];
    } finally {
      await sandbox.close();
      bareDb.close();
      removeTempDir(dir);
    }
  },
};
