import { Conflict, ValidationFailed } from '@vetted/kernel';
import { deciderSpecification } from '@vetted/event-store/testing/decider-specification';
import { accountDecider } from './account-decider';
import { UsernameTaken, WalletNameTaken, WalletNotFound, AccountNotFound } from './errors';
import type { AccountEvent } from './events';

const spec = deciderSpecification(accountDecider);
const userId = 'a1a1a1a1-0000-5000-8000-000000000001';
const at = '2026-11-21T10:00:00.000Z';
const later = '2026-11-21T11:00:00.000Z';

const signedUp: AccountEvent[] = [
  { type: 'UserSignedUp', data: { userId, username: 'alice', at } },
  {
    type: 'WalletCreated',
    data: {
      userId,
      walletId: 1,
      family: 'evm',
      kind: 'regular',
      name: 'Your EVM Wallet',
      address: '0xE',
      at,
    },
  },
  {
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
];

const created = (walletId: number, name: string, family: 'evm' | 'solana' = 'evm'): AccountEvent => ({
  type: 'WalletCreated',
  data: { userId, walletId, family, kind: 'regular', name, address: `addr${walletId}`, at: later },
});

describe('account decider', () => {
  describe('SignUp', () => {
    it('creates the user with the two signup wallets', () => {
      spec
        .given([])
        .when({
          type: 'SignUp',
          data: {
            userId,
            username: 'alice',
            at,
            wallets: [
              { walletId: 1, family: 'evm', address: '0xE' },
              { walletId: 2, family: 'solana', address: 'So1' },
            ],
          },
        })
        .then(signedUp);
    });

    it('refuses a username that is taken', () => {
      spec
        .given(signedUp)
        .when({ type: 'SignUp', data: { userId, username: 'ALICE', wallets: [], at } })
        .thenThrows(UsernameTaken, (e) => expect(e.code).toBe('USERNAME_TAKEN'));
    });
  });

  describe('CreateWallet', () => {
    it('uses a trimmed given name', () => {
      spec
        .given(signedUp)
        .when({
          type: 'CreateWallet',
          data: { walletId: 3, family: 'evm', address: 'addr3', name: '  Trading  ', at: later },
        })
        .then([created(3, 'Trading')]);
    });

    it('proposes EVM N counting active and archived regular wallets of the family', () => {
      spec
        .given([
          ...signedUp,
          created(3, 'Trading'),
          { type: 'WalletArchived', data: { userId, walletId: 3, at: later } },
        ])
        .when({
          type: 'CreateWallet',
          data: { walletId: 4, family: 'evm', address: 'addr4', name: null, at: later },
        })
        .then([created(4, 'EVM 3')]);
    });

    it('proposes Solana N for the Solana family', () => {
      spec
        .given(signedUp)
        .when({
          type: 'CreateWallet',
          data: { walletId: 3, family: 'solana', address: 'addr3', name: null, at: later },
        })
        .then([created(3, 'Solana 2', 'solana')]);
    });

    it('refuses a name taken case-insensitively, archived wallets included', () => {
      spec
        .given([
          ...signedUp,
          created(3, 'Savings'),
          { type: 'WalletArchived', data: { userId, walletId: 3, at: later } },
        ])
        .when({
          type: 'CreateWallet',
          data: { walletId: 4, family: 'evm', address: 'a', name: ' SAVINGS ', at: later },
        })
        .thenThrows(WalletNameTaken, (e) => expect(e.code).toBe('NAME_TAKEN'));
    });

    it.each(['Sav\u00a0ings', 'Sav\u200bings', '\uff33avings'])(
      'refuses %j, which reads as a taken name',
      (name) => {
        spec
          .given([...signedUp, created(3, 'Sav ings'), created(4, 'Savings')])
          .when({ type: 'CreateWallet', data: { walletId: 5, family: 'evm', address: 'a', name, at: later } })
          .thenThrows(WalletNameTaken);
      },
    );

    it.each([
      '',
      '   ',
      'Predict - mine',
      'predict - MINE',
      'x'.repeat(65),
      // Look-alikes of the prefix: a no-break space, a fullwidth letter, a zero-width space, two spaces.
      'Predict\u00a0- mine',
      '\uff30redict - mine',
      'Pre\u200bdict - mine',
      'Predict  - mine',
    ])('refuses the name %j', (name) => {
      spec
        .given(signedUp)
        .when({ type: 'CreateWallet', data: { walletId: 3, family: 'evm', address: 'a', name, at: later } })
        .thenThrows(ValidationFailed, (e) => expect(e.fields?.[0].path).toBe('name'));
    });

    it('accepts names that merely mention the venue', () => {
      spec
        .given(signedUp)
        .when({
          type: 'CreateWallet',
          data: { walletId: 3, family: 'evm', address: 'addr3', name: 'My Predict - x', at: later },
        })
        .then([created(3, 'My Predict - x')]);
    });

    it('needs an account', () => {
      spec
        .given([])
        .when({ type: 'CreateWallet', data: { walletId: 3, family: 'evm', address: 'a', name: null, at } })
        .thenThrows(AccountNotFound);
    });
  });

  describe('RenameWallet', () => {
    it('renames with the trimmed name and remembers the previous one', () => {
      spec
        .given(signedUp)
        .when({ type: 'RenameWallet', data: { walletId: 1, name: ' Main ', at: later } })
        .then([
          {
            type: 'WalletRenamed',
            data: { userId, walletId: 1, name: 'Main', previousName: 'Your EVM Wallet', at: later },
          },
        ]);
    });

    it('allows changing only the case of its own name', () => {
      spec
        .given(signedUp)
        .when({ type: 'RenameWallet', data: { walletId: 1, name: 'your evm wallet', at: later } })
        .then([
          {
            type: 'WalletRenamed',
            data: {
              userId,
              walletId: 1,
              name: 'your evm wallet',
              previousName: 'Your EVM Wallet',
              at: later,
            },
          },
        ]);
    });

    it('does nothing for the same name', () => {
      spec
        .given(signedUp)
        .when({ type: 'RenameWallet', data: { walletId: 1, name: 'Your EVM Wallet', at } })
        .thenNothingHappens();
    });

    it("refuses another wallet's name", () => {
      spec
        .given(signedUp)
        .when({ type: 'RenameWallet', data: { walletId: 1, name: 'your solana wallet', at } })
        .thenThrows(WalletNameTaken);
    });

    it('refuses the deposit-wallet prefix', () => {
      spec
        .given(signedUp)
        .when({ type: 'RenameWallet', data: { walletId: 1, name: 'PREDICT - main', at } })
        .thenThrows(ValidationFailed);
    });

    it('answers not found for a wallet that is not in the account', () => {
      spec
        .given(signedUp)
        .when({ type: 'RenameWallet', data: { walletId: 9, name: 'x', at } })
        .thenThrows(WalletNotFound);
    });
  });

  describe('ArchiveWallet', () => {
    it('archives an active wallet', () => {
      spec
        .given(signedUp)
        .when({ type: 'ArchiveWallet', data: { walletId: 2, at: later } })
        .then([{ type: 'WalletArchived', data: { userId, walletId: 2, at: later } }]);
    });

    it('is idempotent', () => {
      spec
        .given([...signedUp, { type: 'WalletArchived', data: { userId, walletId: 2, at: later } }])
        .when({ type: 'ArchiveWallet', data: { walletId: 2, at: later } })
        .thenNothingHappens();
    });

    it('answers not found for an unknown wallet', () => {
      spec
        .given(signedUp)
        .when({ type: 'ArchiveWallet', data: { walletId: 7, at } })
        .thenThrows(WalletNotFound);
    });
  });
  describe('RequestDepositWallet', () => {
    const [keyA, keyB] = ['9b2d4c1e-0000-4000-8000-00000000000a', '9b2d4c1e-0000-4000-8000-00000000000b'];
    const request = (controllerWalletId: number, idempotencyKey: string | null) => ({
      type: 'RequestDepositWallet' as const,
      data: { walletId: 7, controllerWalletId, idempotencyKey, at: later },
    });
    const requested = (idempotencyKey: string | null): AccountEvent => ({
      type: 'DepositWalletRequested',
      data: { userId, walletId: 7, controllerWalletId: 1, idempotencyKey, at: later },
    });
    const deployed: AccountEvent = {
      type: 'DepositWalletDeployed',
      data: { userId, walletId: 7, controllerWalletId: 1, address: '0xD', idempotencyKey: keyA, at: later },
    };

    it('records the request of a controller without one', () => {
      spec
        .given(signedUp)
        .when(request(1, keyA))
        .then([requested(keyA)]);
    });

    it('records a new key once the wallet is deployed, so it answers for that controller alone', () => {
      spec
        .given([...signedUp, requested(keyA), deployed])
        .when(request(1, keyB))
        .then([requested(keyB)]);
      spec
        .given([...signedUp, requested(keyA), deployed, requested(keyB)])
        .when(request(3, keyB))
        .thenThrows(Conflict, (e) => expect(e.code).toBe('IDEMPOTENCY_CONFLICT'));
    });

    it('records nothing for a deployed wallet asked again without a key, or with its own key', () => {
      spec
        .given([...signedUp, requested(keyA), deployed])
        .when(request(1, null))
        .thenNothingHappens();
      spec
        .given([...signedUp, requested(keyA), deployed])
        .when(request(1, keyA))
        .thenNothingHappens();
    });
  });
});
