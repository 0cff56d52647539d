import type { Collection } from '@vetted/read-store';
import { DEPOSIT_WALLET_PREFIX } from '../domain/wallet-names';
import type {
  WalletBalance,
  WalletBalancesDocument,
  WalletRefresh,
} from './wallet-balances/wallet-balances-document';
import { NEVER_REFRESHED, NO_BALANCES } from './wallet-balances/wallet-balances-document';
import type { WalletDocument } from './wallets/wallet-document';

/** The wallet resource of the API. */
export interface WalletResource {
  id: number;
  name: string;
  family: WalletDocument['family'];
  kind: WalletDocument['kind'];
  address: string | null;
  archived: boolean;
  balances: readonly WalletBalance[];
  agentHoldings: readonly unknown[];
  refresh: WalletRefresh;
  venue?: 'predict';
  controllerWalletId?: number;
  deployment?: WalletDocument['deployment'];
}

const NO_HOLDINGS: readonly unknown[] = Object.freeze([]);

/**
 * Renders wallet documents with what other read models know of them: balances and refresh status
 * from their observation stream, and for a deposit wallet the current name of its controller.
 */
export class WalletViews {
  constructor(
    private readonly wallets: Collection<WalletDocument>,
    private readonly balances: Collection<WalletBalancesDocument>,
  ) {}

  async render(docs: readonly WalletDocument[]): Promise<WalletResource[]> {
    const byId = new Map(docs.map((d) => [d.id, d]));
    return Promise.all(
      docs.map(async (doc) => {
        const observed = await this.balances.get(String(doc.id));
        const resource: WalletResource = {
          id: doc.id,
          name: doc.name ?? (await this.depositWalletName(doc, byId)),
          family: doc.family,
          kind: doc.kind,
          address: doc.address,
          archived: doc.archived,
          balances: observed?.balances ?? NO_BALANCES,
          agentHoldings: NO_HOLDINGS,
          refresh: observed?.refresh ?? NEVER_REFRESHED,
        };
        if (doc.kind === 'deposit') {
          resource.venue = doc.venue;
          resource.controllerWalletId = doc.controllerWalletId;
          resource.deployment = doc.deployment;
        }
        return resource;
      }),
    );
  }

  /** `Predict - <controller name>`, following renames of the controller. */
  private async depositWalletName(doc: WalletDocument, known: Map<number, WalletDocument>): Promise<string> {
    const id = doc.controllerWalletId as number;
    const controller = known.get(id) ?? (await this.wallets.get(String(id)));
    return `${DEPOSIT_WALLET_PREFIX}${controller?.name ?? `wallet ${id}`}`;
  }
}
