import { ManualClock, newEvmAddress } from '@vetted/kernel';
import { Sandbox } from '@vetted/sandbox';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExecutionPorts } from '../execution-ports';

export const ETH = 10n ** 18n;
export const USDC = 1_000_000n;
export const evm = (): string => newEvmAddress();
/** A fresh operation's leg 0: every test executes under ids no other test used. */
export const legId = (): string => `${randomUUID()}:0`;

/**
 * Real sandboxes on fresh files in one temp directory per test file, on a manual clock, closed
 * after each test; `ports` are the sandbox's venue ports as the executor gets them.
 */
export function executionSandbox() {
  const dir = mkdtempSync(join(tmpdir(), 'vetted-execution-'));
  const opened: Sandbox[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  return (options: { blockTimeSeconds?: number } = {}) => {
    const clock = new ManualClock();
    const file = join(dir, `${randomUUID()}.sqlite`);
    const sandbox = Sandbox.open({ file, clock, seed: 'execution', synchronous: 'OFF', ...options });
    opened.push(sandbox);
    const ports: ExecutionPorts = {
      chain: sandbox.chain,
      quoter: sandbox.quoter,
      perps: sandbox.perps,
      predict: sandbox.predict,
      tokens: sandbox.tokenDirectory,
    };
    return { sandbox, ports, clock };
  };
}
