import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from '@nestjs/common';
import type { SubscriptionRunner } from '@vetted/event-store';
import type { Leases } from '@vetted/read-store';

const DEFAULT_TTL_MS = 15_000;

export interface LeasedRunnerOptions {
  lease: string;
  /** Null when this process is the only one that could run it (the embedded deployment). */
  leases: Leases | null;
  create: () => SubscriptionRunner;
  logger: Logger;
  ttlMs?: number;
}

/**
 * Runs a subscription runner in at most one process at a time: it takes a lease before it
 * starts, renews it while running, stops when the lease is lost, and takes over when the
 * holder lets it expire. Without leases it simply runs.
 */
export class LeasedRunner {
  private readonly owner = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  private readonly ttlMs: number;
  private timer: NodeJS.Timeout | null = null;
  runner: SubscriptionRunner | null = null;

  constructor(private readonly options: LeasedRunnerOptions) {
    this.ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  }

  /** Resolves once the runner has caught up, or at once when another process holds the lease. */
  async start(): Promise<void> {
    const { leases, lease, logger } = this.options;
    if (leases === null) return this.startRunner();
    if (await leases.acquire(lease, this.owner, this.ttlMs)) await this.startRunner();
    else logger.log(`another process holds the ${lease} lease; standing by`);
    this.timer = setInterval(() => void this.keepLease(), this.ttlMs / 3);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.stopRunner();
    await this.options.leases?.release(this.options.lease, this.owner);
  }

  /** Renews the lease while running; takes over an expired one; stops when it is lost. */
  async keepLease(): Promise<void> {
    const { leases, lease, logger } = this.options;
    if (leases === null) return;
    try {
      const held = await leases.acquire(lease, this.owner, this.ttlMs);
      if (held && !this.runner) {
        logger.log(`took the ${lease} lease`);
        await this.startRunner();
      } else if (!held && this.runner) {
        logger.warn(`lost the ${lease} lease; stopping`);
        await this.stopRunner();
      }
    } catch (error) {
      logger.error(`${lease} lease: ${String(error)}`);
    }
  }

  private async startRunner(): Promise<void> {
    const runner = this.options.create();
    this.runner = runner;
    const started = Date.now();
    await runner.start();
    this.options.logger.log(
      `${this.options.lease} caught up: ${runner.totalApplied} deliveries in ${Date.now() - started} ms`,
    );
  }

  private async stopRunner(): Promise<void> {
    const runner = this.runner;
    this.runner = null;
    await runner?.stop();
  }
}
