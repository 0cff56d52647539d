import { ManualClock, newEvmAddress, newSolanaAddress } from '@vetted/kernel';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Sandbox, type SandboxOptions } from '../sandbox';

/**
 * Opens sandboxes on fresh files in one temp directory per test file, with a manual clock, and
 * closes them after each test. `reopen` continues the same world from its file.
 */
export function sandboxFixture() {
  const dir = mkdtempSync(join(tmpdir(), 'vetted-sandbox-'));
  const opened: Sandbox[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  return {
    open(options: Partial<SandboxOptions> = {}): { sandbox: Sandbox; clock: ManualClock; file: string } {
      const clock = (options.clock as ManualClock | undefined) ?? new ManualClock();
      const file = options.file ?? join(dir, `${randomUUID()}.sqlite`);
      const sandbox = Sandbox.open({ seed: 'test-seed', synchronous: 'OFF', ...options, file, clock });
      opened.push(sandbox);
      return { sandbox, clock, file };
    },
    async reopen(sandbox: Sandbox, file: string, options: Partial<SandboxOptions> = {}): Promise<Sandbox> {
      await sandbox.close();
      const clock = options.clock ?? new ManualClock();
      const next = Sandbox.open({ synchronous: 'OFF', ...options, file, clock });
      opened.push(next);
      return next;
    },
  };
}

export const evm = (): string => newEvmAddress();
export const sol = (): string => newSolanaAddress();
export const id = (): string => randomUUID();
export const ETH = 10n ** 18n;
export const USDC = 1_000_000n;
