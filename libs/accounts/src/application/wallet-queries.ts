import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Collection, ReadStore } from '@vetted/read-store';
import { READ_STORE, documentAfter } from '@vetted/read-store';
import type { WalletFamily } from '../domain/events';
import { proposedWalletName } from '../domain/wallet-names';
import { walletBalancesCollection } from '../read-model/wallet-balances/wallet-balances-projection';
import { type WalletResource, WalletViews } from '../read-model/wallet-views';
import type { WalletDocument } from '../read-model/wallets/wallet-document';
import { allWalletsOf, listWallets, walletOf } from '../read-model/wallets/wallet-queries';
import { walletsCollection, walletsProjection } from '../read-model/wallets/wallets-projection';
import type { AccountOutcome } from './account-streams';

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

/** Wallet resources as they stand after a command's events, whether or not the projector has run yet. */
export class WalletsAfterWriteQuery {
  constructor(
    readonly outcome: AccountOutcome,
    readonly walletIds: readonly number[],
  ) {}
}

abstract class WalletQueryHandler {
  protected readonly wallets: Collection<WalletDocument>;
  protected readonly views: WalletViews;
  constructor(readStore: ReadStore) {
    this.wallets = readStore.collection(walletsCollection);
    this.views = new WalletViews(this.wallets, readStore.collection(walletBalancesCollection));
  }
}

@QueryHandler(ListWalletsQuery)
export class ListWalletsHandler
  extends WalletQueryHandler
  implements IQueryHandler<ListWalletsQuery, WalletResource[]>
{
  constructor(@Inject(READ_STORE) readStore: ReadStore) {
    super(readStore);
  }

  async execute({ userId, archived }: ListWalletsQuery): Promise<WalletResource[]> {
    return this.views.render(await listWallets(this.wallets, userId, archived));
  }
}

@QueryHandler(ProposedWalletNameQuery)
export class ProposedWalletNameHandler
  extends WalletQueryHandler
  implements IQueryHandler<ProposedWalletNameQuery, string>
{
  constructor(@Inject(READ_STORE) readStore: ReadStore) {
    super(readStore);
  }

  async execute({ userId, family }: ProposedWalletNameQuery): Promise<string> {
    const regular = (await allWalletsOf(this.wallets, userId)).flatMap((w) =>
      w.kind === 'regular' && w.name !== null ? [{ family: w.family, kind: w.kind, name: w.name }] : [],
    );
    return proposedWalletName(family, regular);
  }
}

@QueryHandler(WalletsAfterWriteQuery)
export class WalletsAfterWriteHandler
  extends WalletQueryHandler
  implements IQueryHandler<WalletsAfterWriteQuery, WalletResource[]>
{
  constructor(@Inject(READ_STORE) readStore: ReadStore) {
    super(readStore);
  }

  async execute({ outcome, walletIds }: WalletsAfterWriteQuery): Promise<WalletResource[]> {
    const docs = await Promise.all(
      walletIds.map((id) =>
        documentAfter(walletsProjection, this.wallets, outcome.streamId, outcome, String(id)),
      ),
    );
    return this.views.render(docs.filter((doc): doc is WalletDocument => doc !== null));
  }
}

/** One of the caller's wallets (null when it is missing or someone else's). */
export class OwnedWalletQuery {
  constructor(
    readonly userId: string,
    readonly walletId: number,
  ) {}
}

@QueryHandler(OwnedWalletQuery)
export class OwnedWalletHandler
  extends WalletQueryHandler
  implements IQueryHandler<OwnedWalletQuery, WalletDocument | null>
{
  constructor(@Inject(READ_STORE) readStore: ReadStore) {
    super(readStore);
  }

  execute({ userId, walletId }: OwnedWalletQuery): Promise<WalletDocument | null> {
    return walletOf(this.wallets, userId, walletId);
  }
}
