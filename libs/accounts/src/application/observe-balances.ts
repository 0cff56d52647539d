import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Consumer, EventStore, RecordedEvent } from '@vetted/event-store';
import { EVENT_STORE, handleCommand, walletStream } from '@vetted/event-store';
import { CLOCK, type Clock } from '@vetted/kernel';
import type { ChainClient, Network, PriceReader, TokenDirectory } from '@vetted/venues';
import { CHAIN_CLIENT, EVM_NETWORKS, PRICE_READER, TOKEN_DIRECTORY } from '@vetted/venues';
import type { ObservedBalance, ObservedHeights, ObservedWallet } from '../domain/balances/events';
import { observationDecider } from '../domain/balances/observation';
import { UNRECORDED_SETTLEMENTS, type UnrecordedSettlements } from './unrecorded-settlements';
import type { WalletFamily } from '../domain/events';

/** Where a wallet of each family can hold value: an EVM address also keys its perp-venue margin account. */
const OBSERVED_NETWORKS: Record<WalletFamily, readonly Network[]> = {
  evm: [...EVM_NETWORKS, 'perps'],
  solana: ['solana'],
};

/**
 * The process manager behind `POST /v1/wallets/refresh`: for each queued refresh it reads the
 * wallet's balances on every network of its family, prices them, and records the observation
 * (or the failure) on the wallet's stream, with the block each network was read at and the
 * service's own transactions it saw landed before their receipts were recorded. Idempotent: an observation is recorded only while a
 * refresh is pending, so a replayed request records nothing.
 */
@Injectable()
export class BalanceObserver implements Consumer {
  readonly name = 'balance-observer';
  readonly canHandle = ['BalanceRefreshRequested'] as const;
  private readonly logger = new Logger('BalanceObserver');

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CHAIN_CLIENT) private readonly chain: ChainClient,
    @Inject(PRICE_READER) private readonly prices: PriceReader,
    @Inject(TOKEN_DIRECTORY) private readonly tokens: TokenDirectory,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(UNRECORDED_SETTLEMENTS) private readonly settlements: UnrecordedSettlements,
  ) {}

  async handle(events: readonly RecordedEvent[]): Promise<void> {
    await Promise.all(events.map((event) => this.observe(event.data as ObservedWallet)));
  }

  private async observe(wallet: ObservedWallet): Promise<void> {
    const stream = walletStream(wallet.walletId);
    try {
      const { balances, heights } = await this.balancesOf(wallet);
      // Asked after the read: a service transaction the read saw is either recorded by now or here.
      const unrecorded = await this.settlements.landedUnrecorded(wallet.userId, wallet.address);
      await handleCommand(this.store, stream, observationDecider, {
        type: 'RecordObservation',
        data: { balances, heights, unrecorded, observedAt: this.clock.now().toISOString() },
      });
    } catch (error) {
      this.logger.warn(`observing wallet ${wallet.walletId} failed: ${String(error)}`);
      await handleCommand(this.store, stream, observationDecider, {
        type: 'RecordObservationFailure',
        data: {
          error: error instanceof Error ? error.message : String(error),
          at: this.clock.now().toISOString(),
        },
      });
    }
  }

  /** The wallet's priced balances on each network, and the block each network was read at. */
  private async balancesOf(
    wallet: ObservedWallet,
  ): Promise<{ balances: ObservedBalance[]; heights: ObservedHeights }> {
    const snapshots = await Promise.all(
      OBSERVED_NETWORKS[wallet.family].map((network) => this.chain.balances(network, wallet.address)),
    );
    const heights: ObservedHeights = {};
    for (const snapshot of snapshots) heights[snapshot.network] = snapshot.blockNumber;
    const held = snapshots.flatMap((snapshot) => snapshot.balances);
    const priced = await this.prices.prices(held.map(({ network, token }) => ({ network, token })));
    const balances = held.flatMap((balance, i) => {
      const info = this.tokens.tokenInfo(balance);
      if (info === null) return [];
      const lookup = priced[i];
      return [
        {
          network: balance.network,
          token: balance.token,
          symbol: info.symbol,
          decimals: info.decimals,
          amountRaw: balance.amountRaw.toString(),
          usdPrice: lookup.ok ? lookup.price.usd : null,
        },
      ];
    });
    return { balances, heights };
  }
}
