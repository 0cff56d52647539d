import { positionKey } from '@vetted/event-store';
import { projectTwice, recorded } from '@vetted/read-store/testing/projection-specification';
import { feedProjection, operationEntryId } from './feed-projection';

describe('feed projection', () => {
  it('turns each signup into one public user_joined entry keyed by the event id, idempotently', async () => {
    const events = recorded([
      {
        streamId: 'account-a',
        type: 'UserSignedUp',
        data: { userId: 'a', username: 'alice', at: '2026-11-21T10:00:00.000Z' },
      },
      {
        streamId: 'account-b',
        type: 'UserSignedUp',
        data: { userId: 'b', username: 'bob', at: '2026-11-21T10:01:00.000Z' },
      },
    ]);
    const docs = await projectTwice(feedProjection, events);
    expect(docs).toEqual([
      {
        _id: events[0].id,
        _version: positionKey(events[0].position),
        id: events[0].id,
        place: positionKey(events[0].position),
        kind: 'user_joined',
        createdAt: '2026-11-21T10:00:00.000Z',
        username: 'alice',
        userId: 'a',
        global: true,
      },
      expect.objectContaining({ id: events[1].id, username: 'bob', userId: 'b' }),
    ]);
  });

  it('keeps one entry per operation: a receipt landing after the failure replaces its item, so nothing shows twice', async () => {
    const PAYER = '0x1111111111111111111111111111111111111111';
    const POOL = '0x3333333333333333333333333333333333333333';
    const fee = (amountRaw: string) => ({
      network: 'base',
      token: null,
      from: PAYER,
      to: null,
      amountRaw,
      purpose: 'fee',
      symbol: 'ETH',
      decimals: 18,
    });
    const receipt = (hash: string, transfers: object[]) => ({
      hash,
      network: 'base',
      status: 'success',
      blockNumber: 1,
      feeRaw: '0',
      transfers,
    });
    const approval = receipt('0xa1', [fee('460000000000')]);
    const swap = receipt('0xa2', [
      fee('2600000000000'),
      {
        network: 'base',
        token: null,
        from: POOL,
        to: PAYER,
        amountRaw: '1000000000000000',
        purpose: 'value',
        symbol: 'ETH',
        decimals: 18,
      },
    ]);
    const facts = {
      operationId: 'op-1',
      userId: 'a',
      username: 'alice',
      walletId: 1,
      kind: 'action_sequence',
      creationRequest: { kind: 'swap' },
      payer: PAYER,
      deliveredTo: null,
      route: null,
    };
    const failure = { outcome: 'failed', errorCode: 'LIFECYCLE_TIMEOUT', error: 'timed out' };
    const events = recorded([
      {
        streamId: 'operation-op-1',
        type: 'OperationFailed',
        data: { ...facts, ...failure, receipts: [approval], at: '2026-11-22T10:00:00.000Z' },
      },
      {
        streamId: 'operation-op-1',
        type: 'LateReceiptRecorded',
        data: {
          operationId: 'op-1',
          leg: 1,
          submissionId: 'op-1:1',
          receipt: swap,
          at: '2026-11-22T10:01:00.000Z',
          failure: { ...facts, ...failure, receipts: [approval, swap] },
        },
      },
    ]);
    const docs = await projectTwice(feedProjection, events);
    expect(docs).toHaveLength(1);
    // It keeps the id, the place and the time of the entry the failure made, so paging never skips
    // it and the feed stays newest first (its time had become the late receipt's).
    expect(docs[0]).toMatchObject({
      _id: operationEntryId('op-1'),
      kind: 'service_transaction',
      id: operationEntryId('op-1'),
      place: positionKey(events[0].position),
      createdAt: '2026-11-22T10:00:00.000Z',
      _version: positionKey(events[1].position),
    });
    const changes = (docs[0].activity as { assetChanges: { amountRaw: string }[] }).assetChanges;
    // The fees of both legs once, with what the late swap delivered.
    expect(changes).toEqual([
      expect.objectContaining({ amountRaw: String(1000000000000000n - 3060000000000n) }),
    ]);
    expect((docs[0].activity as { references: unknown[] }).references).toHaveLength(2);
  });
});
