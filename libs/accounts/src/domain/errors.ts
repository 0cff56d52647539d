import { Conflict, NotFound } from '@vetted/kernel';

export class UsernameTaken extends Conflict {
  constructor(username: string) {
    super('USERNAME_TAKEN', `the username "${username}" is taken`);
  }
}

export class WalletNameTaken extends Conflict {
  constructor(name: string) {
    super(
      'NAME_TAKEN',
      `you already have a wallet named "${name}" (names are unique, archived wallets included)`,
    );
  }
}

export class WalletNotFound extends NotFound {
  constructor(walletId: number) {
    super(`wallet ${walletId}`);
  }
}

export class AccountNotFound extends NotFound {
  constructor() {
    super('account');
  }
}
