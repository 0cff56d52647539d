import { accountStream, handleCommand, loadState, operationStream } from '@vetted/event-store';
import { sqliteStoreFixture } from '@vetted/event-store/testing/sqlite-store-fixture';
import { type Clock, uuidV5 } from '@vetted/kernel';
import { QuoteFailed } from '@vetted/venues';
import { type CapturedAction, operationDecider } from '../domain';
import { approve, at, operationId, request, swapAction, userId } from '../domain/testing/decider-fixtures';
import { RefreshOperationCommand, RefreshOperationHandler } from './operation-successors';
import type { OperationPreparer, PreparedRecord } from './operation-preparer';

/** `refresh` of an unapproved review against what can happen while its fresh review is quoted. */
describe('refreshing a review, against the store', () => {
  const stores = sqliteStoreFixture();
  const clock: Clock = { now: () => new Date(at) } as Clock;
  const successorId = uuidV5(`operations:refresh:${operationId}`);
  /** The reviewed swap, floor 1 per 5 raw, quoted at 2. */
  const guarded: CapturedAction = Object.assign({}, swapAction, {
    swap: { quotedOutRaw: '2', floor: { sellRaw: '5', receiveRaw: '1' } },
  });
  const fresh: PreparedRecord = {
    shape: 'A',
    kind: 'action_sequence',
    walletId: 1,
    creationRequest: { kind: 'swap' },
    actions: [guarded],
  };

  async function reviewed() {
    const store = stores.open();
    // The paying wallet is the user's, and active: a successor is prepared only for such wallets.
    await store.appendToStream(
      accountStream(userId),
      [
        { type: 'UserSignedUp', data: { userId, username: 'alice', at } },
        {
          type: 'WalletCreated',
          data: { userId, walletId: 1, family: 'evm', kind: 'regular', name: 'Main', address: '0xA', at },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    await handleCommand(store, operationStream(operationId), operationDecider, {
      type: 'CreateOperation',
      data: Object.assign({}, request, { creationRequest: { kind: 'swap' }, actions: [guarded] }),
    });
    return store;
  }

  /** A preparer whose quote source answers `quote` (or fails), and whose preparation runs `meanwhile`. */
  function preparer(quote: () => bigint, meanwhile: () => Promise<void> = async () => undefined) {
    return {
      quoter: { quote: async () => ({ amountOutRaw: quote() }) },
      chain: { blockhashValidForMs: async () => 60_000 },
      prepare: async () => {
        await meanwhile();
        return fresh;
      },
    } as unknown as OperationPreparer;
  }

  it('creates no successor when the original is approved while the fresh review is quoted', async () => {
    const store = await reviewed();
    // The fresh quote is under the floor: the review can no longer execute, so it may be refreshed.
    const handler = new RefreshOperationHandler(
      store,
      clock,
      preparer(
        () => 0n,
        async () => {
          await handleCommand(store, operationStream(operationId), operationDecider, approve());
        },
      ),
    );
    await expect(handler.execute(new RefreshOperationCommand(userId, operationId, {}))).rejects.toMatchObject(
      {
        code: 'REFRESH_NOT_AVAILABLE',
      },
    );
    // The approval won: one review of the intent runs, and no second one exists to be approved.
    expect((await loadState(store, operationStream(operationId), operationDecider)).status).toBe('working');
    expect((await loadState(store, operationStream(successorId), operationDecider)).status).toBe('none');
  });

  it('links and cancels the original before the successor exists, and repeats find the same one', async () => {
    const store = await reviewed();
    const handler = new RefreshOperationHandler(
      store,
      clock,
      preparer(() => 0n),
    );
    const first = await handler.execute(new RefreshOperationCommand(userId, operationId, {}));
    expect(first.successorId).toBe(successorId);
    const original = await loadState(store, operationStream(operationId), operationDecider);
    expect(original.status).toBe('canceled');
    const successor = await loadState(store, operationStream(successorId), operationDecider);
    expect(successor.status).toBe('awaitingApproval');
    // The link is recorded before the successor is created.
    expect(Number(first.operation.position!.commit)).toBeLessThan(Number(first.successor.position!.commit));
    const again = await handler.execute(new RefreshOperationCommand(userId, operationId, {}));
    expect(again.successor.newEvents).toEqual([]);
    expect(again.successorId).toBe(successorId);
  });

  it('answers QUOTE_UNAVAILABLE, recording nothing, when the quote source cannot say whether the review still executes', async () => {
    const store = await reviewed();
    const handler = new RefreshOperationHandler(
      store,
      clock,
      preparer(() => {
        throw new QuoteFailed('unavailable', 'the quote source did not answer');
      }),
    );
    await expect(handler.execute(new RefreshOperationCommand(userId, operationId, {}))).rejects.toMatchObject(
      {
        status: 503,
        code: 'QUOTE_UNAVAILABLE',
      },
    );
    expect((await loadState(store, operationStream(operationId), operationDecider)).status).toBe(
      'awaitingApproval',
    );
    expect((await loadState(store, operationStream(successorId), operationDecider)).status).toBe('none');
  });
});
