import type { AssetId, Network, PredictionMarket, TokenInfo, TxReceipt, UsdPrice } from '@vetted/venues';
import { Dec, isDecimalString, isNetwork, rawAmountBound } from '@vetted/venues';
import { SandboxChain } from './chain/sandbox-chain';
import { cachedAddress } from './chain/address-cache';
import { SandboxQuoter } from './dex/sandbox-quoter';
import { explorerTransaction, type ExplorerTransaction } from './explorer/explorer-transaction';
import { FaultPlan, type FaultSpec, type InjectedFault } from './faults/fault-plan';
import { Faucet, FaucetRefused } from './ledger/faucet';
import type { Holding } from './ledger/ledger';
import type { SupplyRecord } from './ledger/supply';
import { SandboxPerpVenue } from './perps/sandbox-perp-venue';
import { outcomesOf } from './predict/market-catalog';
import { SandboxPredictionVenue } from './predict/sandbox-prediction-venue';
import { PriceRefused } from './prices/asset-prices';
import { SandboxPriceReader } from './prices/sandbox-price-reader';
import { SandboxSpeechTokens } from './speech/sandbox-speech-tokens';
import { normalizeToken } from './tokens/asset-directory';
import { SandboxTokenDirectory } from './tokens/sandbox-token-directory';
import { registeredToken } from './tokens/token-registry';
import { toReceipt } from './txs/receipts';
import { World, type WorldOptions } from './world/world';

export type SandboxOptions = WorldOptions;

/**
 * The simulated outside world: every venue port, backed by one SQLite file, plus the admin surface
 * that moves it (faucet, prices, faults, market resolution, time). Reopening the same file
 * continues the same world.
 */
export class Sandbox {
  readonly prices: SandboxPriceReader;
  readonly quoter: SandboxQuoter;
  readonly chain: SandboxChain;
  readonly perps: SandboxPerpVenue;
  readonly predict: SandboxPredictionVenue;
  readonly speech: SandboxSpeechTokens;
  readonly tokenDirectory = new SandboxTokenDirectory();
  private readonly faucetKind: Faucet;

  private constructor(private readonly world: World) {
    this.prices = new SandboxPriceReader(world);
    this.quoter = new SandboxQuoter(world);
    this.chain = new SandboxChain(world);
    this.perps = new SandboxPerpVenue(world);
    this.predict = new SandboxPredictionVenue(world);
    this.speech = new SandboxSpeechTokens(world.clock);
    this.faucetKind = world.submissions.register(new Faucet(world));
  }

  static open(options: SandboxOptions): Sandbox {
    const world = World.open(options);
    try {
      return new Sandbox(world);
    } catch (error) {
      world.close();
      throw error;
    }
  }

  get seed(): string {
    return this.world.seed;
  }

  /** Sandbox time: the injected clock plus every `advanceClock`. */
  now(): Date {
    return this.world.clock.now();
  }

  /** An external deposit of `amountRaw` of `token` (null: native) to `address` on `network`. */
  async faucet(
    network: Network,
    address: string,
    token: string | null,
    amountRaw: bigint,
  ): Promise<TxReceipt> {
    if (!isNetwork(network)) throw new RangeError(`unknown network ${String(network)}`);
    const to = cachedAddress(network, address);
    if (!to) throw new RangeError(`${address} is not a valid ${network} address`);
    const normalized = normalizeToken(network, token);
    if (!registeredToken({ network, token: normalized }))
      throw new RangeError(`${token ?? 'native'} is not a token on ${network}`);
    if (typeof amountRaw !== 'bigint' || amountRaw <= 0n)
      throw new RangeError('amountRaw must be a positive bigint');
    const deposit = { network, to, token: normalized, amountRaw };
    const record = await this.world.writes.run(() => {
      if (amountRaw > this.world.ledger.depositRoom(network, normalized))
        throw new FaucetRefused(
          `would take the sandbox's ${token ?? 'native'} supply on ${network} past ${rawAmountBound(network).described}`,
        );
      return this.faucetKind.deposit(deposit);
    });
    return toReceipt(record);
  }

  /** Sets an asset's USD price (its whole series: ETH on every network moves together). */
  async setPrice(asset: AssetId, usd: string): Promise<UsdPrice> {
    if (!isDecimalString(usd)) throw new PriceRefused(`"${usd}" is not a decimal price`);
    const normalized = this.asset(asset);
    await this.world.writes.run(() =>
      this.world.prices.set(normalized, new Dec(usd), this.world.clock.nowMs()),
    );
    return this.prices.price(normalized);
  }

  /** Makes an asset's price expired until the next `setPrice`. */
  async expirePrice(asset: AssetId): Promise<void> {
    const normalized = this.asset(asset);
    await this.world.writes.run(() => this.world.prices.expire(normalized, this.world.clock.nowMs()));
  }

  async injectFault(spec: FaultSpec): Promise<InjectedFault> {
    FaultPlan.check(spec);
    return this.world.writes.run(() => this.world.faults.inject(spec, this.world.clock.nowMs()));
  }

  faults(): InjectedFault[] {
    return this.world.faults.list();
  }

  async clearFaults(): Promise<void> {
    await this.world.writes.run(() => this.world.faults.clear());
  }

  /** Resolves an open market to one of its outcomes (by token id or by name). */
  async resolveMarket(marketId: string, outcome: string): Promise<PredictionMarket> {
    const winner = outcomesOf(marketId).find((o) => o.tokenId === outcome || o.name === outcome);
    if (!winner) throw new RangeError(`market ${marketId} has no outcome ${outcome}`);
    await this.world.writes.run(() => {
      if (this.world.markets.state(marketId)?.status !== 'open')
        throw new RangeError(`market ${marketId} is not open`);
      this.world.markets.resolve(marketId, winner.tokenId, this.world.clock.nowMs());
    });
    return (await this.predict.market(marketId))!;
  }

  /** Moves sandbox time forward; what falls due settles on the next call. */
  async advanceClock(seconds: number): Promise<Date> {
    if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError('the clock only moves forward');
    await this.world.writes.run(() => this.world.advance(Math.round(seconds * 1000)));
    return this.now();
  }

  tokens(): TokenInfo[] {
    return this.tokenDirectory.tokens();
  }

  markets(): Promise<PredictionMarket[]> {
    return this.predict.markets();
  }

  async transaction(hash: string): Promise<ExplorerTransaction | null> {
    this.world.settleIfDue();
    const record = this.world.log.byHash(hash);
    return record ? explorerTransaction(record) : null;
  }

  /** Every balance in the world, pools, venues and fee sinks included (for audits and tests). */
  holdings(): Holding[] {
    this.world.settleIfDue();
    return this.world.ledger.holdings();
  }

  /** Per token: what entered the world from outside, and what its rules minted and burned. */
  supply(): SupplyRecord[] {
    return this.world.ledger.supplies();
  }

  /** Write transactions and the requests they carried (group commit at work). */
  stats(): { units: number; transactions: number } {
    return this.world.writes.stats();
  }

  async close(): Promise<void> {
    this.world.close();
  }

  private asset(asset: AssetId): AssetId {
    if (!asset || !isNetwork(asset.network)) throw new RangeError('unknown network');
    return { network: asset.network, token: normalizeToken(asset.network, asset.token) };
  }
}
