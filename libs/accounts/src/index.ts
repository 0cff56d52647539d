export * from './domain/events';
export * from './domain/commands';
export * from './domain/state';
export * from './domain/decide';
export * from './domain/errors';
export * from './domain/wallet-names';
export * from './domain/account-decider';
export * from './auth/permits';
export * from './auth/token-service';
export * from './auth/token-holder';
export * from './read-model/wallets/wallet-document';
export * from './read-model/wallets/wallets-projection';
export * from './read-model/wallets/wallet-queries';
export * from './read-model/wallet-views';
export * from './read-model/wallet-balances/wallet-balances-document';
export * from './read-model/wallet-balances/wallet-balances-projection';
export * from './domain/balances/events';
export * from './domain/balances/observation';
export * from './application/account-streams';
export * from './application/sign-up';
export * from './application/manage-wallets';
export * from './application/wallet-queries';
export * from './application/refresh-balances';
export * from './application/observe-balances';
export * from './application/unrecorded-settlements';
export * from './application/deposit-wallets';

import { CreateDepositWalletHandler } from './application/deposit-wallets';
import { ArchiveWalletHandler, CreateWalletHandler, RenameWalletHandler } from './application/manage-wallets';
import { RefreshBalancesHandler } from './application/refresh-balances';
import { SignUpHandler } from './application/sign-up';
import {
  ListWalletsHandler,
  OwnedWalletHandler,
  ProposedWalletNameHandler,
  WalletsAfterWriteHandler,
} from './application/wallet-queries';

export const ACCOUNT_COMMAND_HANDLERS = [
  SignUpHandler,
  CreateWalletHandler,
  RenameWalletHandler,
  ArchiveWalletHandler,
  RefreshBalancesHandler,
  CreateDepositWalletHandler,
];
export const ACCOUNT_QUERY_HANDLERS = [
  ListWalletsHandler,
  ProposedWalletNameHandler,
  WalletsAfterWriteHandler,
  OwnedWalletHandler,
];
