import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { handleCommand, loadState, operationStream } from '@vetted/event-store';
import { SqliteEventStore } from '@vetted/event-store/sqlite/sqlite-event-store';
import { MemoryReadStore } from '@vetted/read-store/memory/memory-read-store';
import { USDC_ADDRESSES } from '@vetted/sandbox';
import { type CapturedAction, type OperationCommand, operationDecider } from '../../domain';
import { ETH, evm, executionSandbox, USDC } from '../../execution/testing/execution-sandbox';
import { OperationExecutor } from '../operation-executor';

/**
 * The executor's specs: a real SQLite event store and read store per test (closed after it), and
 * `setUp`, an executor on a real sandbox with a funded wallet and the helpers to approve operations.
 */
export function operationExecutorFixture() {
  const openSandbox = executionSandbox();
  let dir: string;
  let store: SqliteEventStore;
  let readStore: MemoryReadStore;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'vetted-executor-'));
    store = new SqliteEventStore({ file: path.join(dir, 'events.sqlite') });
    readStore = new MemoryReadStore();
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function setUp(sandboxOptions: { blockTimeSeconds?: number } = {}) {
    const { sandbox, ports, clock } = openSandbox(sandboxOptions);
    const executor = new OperationExecutor(
      store,
      readStore,
      clock,
      ports.chain,
      ports.perps,
      ports.predict,
      ports.quoter,
      ports.tokens,
    );
    const from = evm();
    const to = evm();
    await sandbox.faucet('base', from, null, ETH);
    await sandbox.faucet('base', from, USDC_ADDRESSES.base, 100n * USDC);
    const transfer = (amount: bigint): CapturedAction => ({
      kind: 'chain',
      tx: {
        kind: 'transfer',
        network: 'base',
        from,
        to,
        token: USDC_ADDRESSES.base,
        amountRaw: amount.toString(),
      },
    });
    const at = clock.now().toISOString();
    /** Records an approved operation of the given actions (a fresh id by default). */
    const approveOperation = async (
      actions: CapturedAction[],
      id: string = randomUUID(),
      walletId = 1,
      shape: 'A' | 'B' = 'A',
    ) => {
      const decide = (command: OperationCommand) =>
        handleCommand(store, operationStream(id), operationDecider, command);
      await decide({
        type: 'CreateOperation',
        data: {
          operationId: id,
          userId: 'u',
          username: 'alice',
          shape,
          kind: shape === 'A' ? 'action_sequence' : 'send',
          walletId,
          requestHash: `h-${id}`,
          creationRequest: {},
          actions,
          source: null,
          at,
        },
      });
      await decide({ type: 'ApproveOperation', data: { userId: 'u', sourceWalletActive: true, at } });
      return id;
    };
    const operationId = randomUUID();
    const decide = (command: OperationCommand) =>
      handleCommand(store, operationStream(operationId), operationDecider, command);
    const approveWith = (actions: CapturedAction[]) => approveOperation(actions, operationId);
    const received = () => sandbox.chain.balance('base', to, USDC_ADDRESSES.base);
    const state = () => loadState(store, operationStream(operationId), operationDecider);
    return {
      sandbox,
      clock,
      from,
      to,
      executor,
      transfer,
      operationId,
      decide,
      approveWith,
      approveOperation,
      received,
      state,
      at,
    };
  }

  return {
    setUp,
    /** This test's event store. */
    get store(): SqliteEventStore {
      return store;
    },
    /** This test's read store. */
    get readStore(): MemoryReadStore {
      return readStore;
    },
  };
}
