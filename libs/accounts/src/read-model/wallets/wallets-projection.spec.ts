import { projectTwice, recorded } from '@vetted/read-store/testing/projection-specification';
import { walletsProjection } from './wallets-projection';

const userId = 'u-1';
const stream = `account-${userId}`;
const at = '2026-11-21T10:00:00.000Z';

const signup = recorded([
  { streamId: stream, type: 'UserSignedUp', data: { userId, username: 'alice', at } },
  {
    streamId: stream,
    type: 'WalletCreated',
    data: {
      userId,
      walletId: 1,
      family: 'evm',
      kind: 'regular',
      name: 'Your EVM Wallet',
      address: '0xAbC',
      at,
    },
  },
  {
    streamId: stream,
    type: 'WalletCreated',
    data: {
      userId,
      walletId: 2,
      family: 'solana',
      kind: 'regular',
      name: 'Your Solana Wallet',
      address: 'So1',
      at,
    },
  },
  {
    streamId: stream,
    type: 'WalletRenamed',
    data: { userId, walletId: 1, name: 'Main', previousName: 'Your EVM Wallet', at },
  },
  { streamId: stream, type: 'WalletArchived', data: { userId, walletId: 2, at } },
]);

describe('wallets projection', () => {
  it('creates, renames and archives wallet documents, idempotently', async () => {
    const docs = await projectTwice(walletsProjection, signup);
    expect(docs).toEqual([
      {
        _id: '1',
        _version: 3,
        id: 1,
        userId,
        name: 'Main',
        family: 'evm',
        kind: 'regular',
        address: '0xAbC',
        archived: false,
        createdAt: at,
      },
      expect.objectContaining({ _id: '2', _version: 4, name: 'Your Solana Wallet', archived: true }),
    ]);
  });

  it('ignores a rename or archive of a wallet it never saw created', async () => {
    const orphan = recorded([
      {
        streamId: stream,
        type: 'WalletRenamed',
        data: { userId, walletId: 9, name: 'x', previousName: 'y', at },
      },
      { streamId: stream, type: 'WalletArchived', data: { userId, walletId: 9, at } },
    ]);
    expect(await projectTwice(walletsProjection, orphan)).toEqual([]);
  });

  it('skips events at or below the revision a document reflects', async () => {
    const [, created, , renamed] = signup;
    const docs = await projectTwice(walletsProjection, [created, renamed, created]);
    expect(docs[0]).toMatchObject({ name: 'Main', _version: 3 });
  });
});
