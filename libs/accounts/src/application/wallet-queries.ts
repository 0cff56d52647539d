import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Collection, ReadStore } from '@vetted/read-store';
import { READ_STORE, documentAfter } from '@vetted/read-store';
import type { AccountOutcome } from './account-streams';
import type { WalletFamily } from '../domain/events';
import { proposedWalletName } from '../domain/wallet-names';
import type { WalletDocument, WalletResource } from '../read-model/wallets/wallet-document';
import { renderWallet } from '../read-model/wallets/wallet-document';
import { allWalletsOf, listWallets } from '../read-model/wallets/wallet-queries';
import { walletsCollection, walletsProjection } from '../read-model/wallets/wallets-projection';

export class ListWalletsQuery {
  constructor(
    readonly userId: string,
    readonly archived: boolean,
  ) {}
}

export class ProposedWalletNameQuery {
  constructor(
    readonly userId: string,
    readonly family: WalletFamily,
  ) {}
}

@QueryHandler(ListWalletsQuery)
export class ListWalletsHandler implements IQueryHandler<ListWalletsQuery, WalletResource[]> {
  private readonly wallets: Collection<WalletDocument>;
  constructor(@Inject(READ_STORE) readStore: ReadStore) {
    this.wallets = readStore.collection(walletsCollection);
  }

  async execute({ userId, archived }: ListWalletsQuery): Promise<WalletResource[]> {
    return (await listWallets(this.wallets, userId, archived)).map(renderWallet);
  }
}

@QueryHandler(ProposedWalletNameQuery)
export class ProposedWalletNameHandler implements IQueryHandler<ProposedWalletNameQuery, string> {
  private readonly wallets: Collection<WalletDocument>;
  constructor(@Inject(READ_STORE) readStore: ReadStore) {
    this.wallets = readStore.collection(walletsCollection);
  }

  async execute({ userId, family }: ProposedWalletNameQuery): Promise<string> {
    return proposedWalletName(family, await allWalletsOf(this.wallets, userId));
  }
}

/** Wallet resources as they stand after a command's events, whether or not the projector has run yet. */
export class WalletsAfterWriteQuery {
  constructor(
    readonly outcome: AccountOutcome,
    readonly walletIds: readonly number[],
  ) {}
}

@QueryHandler(WalletsAfterWriteQuery)
export class WalletsAfterWriteHandler implements IQueryHandler<WalletsAfterWriteQuery, WalletResource[]> {
  private readonly wallets: Collection<WalletDocument>;
  constructor(@Inject(READ_STORE) readStore: ReadStore) {
    this.wallets = readStore.collection(walletsCollection);
  }

  async execute({ outcome, walletIds }: WalletsAfterWriteQuery): Promise<WalletResource[]> {
    const docs = await Promise.all(
      walletIds.map((id) =>
        documentAfter(walletsProjection, this.wallets, outcome.streamId, outcome, String(id)),
      ),
    );
    return docs.filter((doc): doc is WalletDocument => doc !== null).map(renderWallet);
  }
}
