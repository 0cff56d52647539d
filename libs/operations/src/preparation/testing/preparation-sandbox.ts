import { ManualClock, type ServiceError, newEvmAddress, newSolanaAddress } from '@vetted/kernel';
import { Sandbox } from '@vetted/sandbox';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CapturedAction } from '../../domain/actions';
import { executeLeg } from '../../execution/execute-leg';
import type { LegOutcome } from '../../execution/leg-outcome';
import type { PreparationContext, PreparationWallet } from '../preparation-context';
import { prepareShapeA } from '../prepare-shape-a';
import type { Prepared } from '../review';
import type { ShapeAOperation } from '../shape-a-request';

export const ETH = 10n ** 18n;
export const USDC = 1_000_000n;
export const SOL = 10n ** 9n;

/**
 * Real sandboxes on fresh files in one temp directory per test file, on a manual clock (prices and
 * quotes hold still unless a test moves them), closed after each test. Every world has the caller's
 * wallets: 1 EVM (pays), 2 Solana, 3 EVM, 4 EVM archived; and wallet 9 belongs to nobody here.
 */
export function preparationSandbox() {
  const dir = mkdtempSync(join(tmpdir(), 'vetted-preparation-'));
  const opened: Sandbox[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  return () => {
    const clock = new ManualClock();
    const sandbox = Sandbox.open({
      file: join(dir, `${randomUUID()}.sqlite`),
      clock,
      seed: 'preparation',
      synchronous: 'OFF',
    });
    opened.push(sandbox);
    const evm: PreparationWallet = { id: 1, family: 'evm', address: newEvmAddress(), archived: false };
    const solana: PreparationWallet = {
      id: 2,
      family: 'solana',
      address: newSolanaAddress(),
      archived: false,
    };
    const savings: PreparationWallet = { id: 3, family: 'evm', address: newEvmAddress(), archived: false };
    const archived: PreparationWallet = { id: 4, family: 'evm', address: newEvmAddress(), archived: true };
    const ports = {
      prices: sandbox.prices,
      quoter: sandbox.quoter,
      chain: sandbox.chain,
      perps: sandbox.perps,
      predict: sandbox.predict,
      tokens: sandbox.tokenDirectory,
    };
    const context = (
      wallet: PreparationWallet,
      executing: readonly CapturedAction[] = [],
    ): PreparationContext => ({
      wallet,
      wallets: [evm, solana, savings, archived],
      undeployed: [],
      ports,
      now: () => clock.now(),
      executing: async () => executing,
    });
    /** Prepares `operation` for the wallet it names. */
    const prepare = (operation: ShapeAOperation | Record<string, unknown>): Promise<Prepared> => {
      const walletId = (operation as { walletId?: number }).walletId;
      const wallet = [evm, solana, savings, archived].find((w) => w.id === walletId) ?? evm;
      return prepareShapeA(operation, context(wallet));
    };
    /** Runs the captured legs in order through the executor, as approval would. */
    const execute = async (actions: CapturedAction[]): Promise<LegOutcome[]> => {
      const operationId = randomUUID();
      const outcomes: LegOutcome[] = [];
      for (const [leg, action] of actions.entries())
        outcomes.push(await executeLeg(action, `${operationId}:${leg}`, ports, { deadlineMs: 30_000 }));
      return outcomes;
    };
    return { sandbox, clock, ports, wallets: { evm, solana, savings, archived }, context, prepare, execute };
  };
}

/** Why preparation refused, as the error body would say it. */
export async function refusal(
  preparing: Promise<unknown>,
): Promise<Pick<ServiceError, 'status' | 'code' | 'fields'>> {
  try {
    await preparing;
  } catch (error) {
    const { status, code, fields } = error as ServiceError;
    if (typeof status !== 'number') throw error;
    return { status, code, fields };
  }
  throw new Error('preparation was expected to refuse, and succeeded');
}

/** The field paths of a `VALIDATION_FAILED` refusal. */
export async function refusedPaths(preparing: Promise<unknown>): Promise<string[]> {
  const { code, fields } = await refusal(preparing);
  if (code !== 'VALIDATION_FAILED') throw new Error(`expected VALIDATION_FAILED, got ${code}`);
  return (fields ?? []).map((f) => f.path);
}
