import type { ChainTx, Network } from '@vetted/venues';
import { Dec } from '@vetted/venues';
import { CATALOG_OUTCOMES, MARKET_SPECS } from '../predict/market-catalog';
import type { Sandbox } from '../sandbox';
import { SANDBOX_TOKENS } from '../tokens/token-registry';
import { EVM_ACTORS, TOKENS, actorOn, supplyKey, type Step } from './history-steps';
import { id } from './sandbox-fixture';

/**
 * Plays random steps against a sandbox through its ports and admin surface, remembering what
 * its own faucet calls put in.
 */
export class HistoryRunner {
  readonly faucets = new Map<string, bigint>();
  /** Per `address:coin`: spot coins bought minus sold, as the venue's order records say. */
  readonly spot = new Map<string, Dec>();

  constructor(readonly sandbox: Sandbox) {}

  /** Every actor starts with gas and some of every token, so histories mostly do things. */
  async fund(): Promise<void> {
    for (const [i, token] of SANDBOX_TOKENS.entries())
      for (let actor = 0; actor < 3; actor++)
        await this.run({
          kind: 'faucet',
          token: i,
          actor,
          units: token.symbol === 'USDC' || token.symbol === 'pUSD' ? 2_000_000 : 1000,
        });
  }

  async run(s: Step): Promise<void> {
    const { sandbox } = this;
    switch (s.kind) {
      case 'faucet': {
        const t = TOKENS[s.token];
        const decimals = SANDBOX_TOKENS[s.token].decimals;
        const amount = (BigInt(s.units) * 10n ** BigInt(decimals)) / 100n;
        await sandbox.faucet(t.network, actorOn(t.network, s.actor), t.token, amount);
        this.faucets.set(
          supplyKey(t.network, t.token),
          (this.faucets.get(supplyKey(t.network, t.token)) ?? 0n) + amount,
        );
        return;
      }
      case 'transfer': {
        const t =
          s.token < TOKENS.length
            ? TOKENS[s.token]
            : { network: 'polygon' as const, token: CATALOG_OUTCOMES[s.token - TOKENS.length].tokenId };
        const from = actorOn(t.network, s.from);
        const amountRaw = await this.portion(t.network, from, t.token, s.percent);
        await sandbox.chain.submit({
          kind: 'transfer',
          submissionId: id(),
          network: t.network,
          from,
          to: actorOn(t.network, s.to + 1),
          token: t.token,
          amountRaw,
          ...(await this.blockhash(t.network)),
        });
        return;
      }
      case 'swap': {
        const [from, to] = [TOKENS[s.from], TOKENS[s.to]];
        const payer = actorOn(from.network, s.actor);
        const amountInRaw = await this.portion(from.network, payer, from.token, s.percent);
        const quote = await sandbox.quoter.quote({ from, to, amountInRaw });
        if (quote.approvalSpender)
          await sandbox.chain.submit({
            kind: 'approve',
            submissionId: id(),
            network: from.network as 'ethereum',
            from: payer,
            token: from.token!,
            spender: quote.approvalSpender,
            amountRaw: amountInRaw,
          });
        const tx: ChainTx = {
          kind: 'swap',
          submissionId: id(),
          network: from.network,
          from: payer,
          tokenIn: from.token,
          assetOut: to,
          amountInRaw,
          minAmountOutRaw: s.strict ? quote.amountOutRaw + 1n : 0n,
          recipient: actorOn(to.network, s.actor + 1),
          ...(await this.blockhash(from.network)),
        };
        await sandbox.chain.submit(tx);
        return;
      }
      case 'perp': {
        await sandbox.perps.placeOrder({
          submissionId: id(),
          address: EVM_ACTORS[s.actor],
          coin: s.coin,
          side: s.buy ? 'buy' : 'sell',
          size: s.size,
          limitPx: await this.limitAway(s.coin, s.buy, s.away),
          reduceOnly: s.reduceOnly,
          leverage: s.leverage,
        });
        return;
      }
      case 'spot': {
        const order = {
          submissionId: id(),
          address: EVM_ACTORS[s.actor],
          coin: s.coin,
          side: s.buy ? ('buy' as const) : ('sell' as const),
          size: s.size,
          limitPx: await this.limitAway(s.coin, s.buy, s.away),
        };
        try {
          await sandbox.perps.placeSpotOrder(order);
        } finally {
          // Uncertain and timed-out submissions may have filled all the same: the venue's record says.
          const placed = await sandbox.perps.spotOrder(order.submissionId);
          if (placed) {
            const key = `${order.address}:${order.coin}`;
            const moved = s.buy ? new Dec(placed.filledSize) : new Dec(placed.filledSize).neg();
            this.spot.set(key, (this.spot.get(key) ?? new Dec(0)).plus(moved));
          }
        }
        return;
      }
      case 'predict': {
        const outcome = CATALOG_OUTCOMES[s.outcome].tokenId;
        const address = EVM_ACTORS[s.actor];
        const order = { submissionId: id(), address, outcome };
        if (s.action === 'redeem') await sandbox.predict.redeem(order);
        else if (s.action === 'buy')
          await sandbox.predict.buy({
            ...order,
            spendRaw: await this.portion('polygon', address, SANDBOX_TOKENS[9].token, s.percent),
          });
        else
          await sandbox.predict.sell({
            ...order,
            sharesRaw: await this.portion('polygon', address, outcome, s.percent),
          });
        return;
      }
      case 'resolve': {
        const market = MARKET_SPECS[s.market];
        const current = (await sandbox.predict.market(market.id))!;
        if (current.status === 'open')
          await sandbox.resolveMarket(market.id, market.outcomes[s.outcome % market.outcomes.length].name);
        return;
      }
      case 'fault':
        await sandbox.injectFault({ target: s.target, mode: s.mode, count: s.count, landAfterSeconds: 5 });
        return;
      case 'clock':
        await sandbox.advanceClock(s.seconds);
        return;
      case 'price': {
        const asset = TOKENS[s.token];
        const now = await sandbox.prices.price(asset).catch(() => null);
        if (now && now.usd !== '1')
          await sandbox.setPrice(asset, ((Number(now.usd) * s.percent) / 100).toPrecision(6));
        return;
      }
    }
  }

  /** A limit `away` tenths of a percent from the mark, against the order (below it: marketable). */
  private async limitAway(coin: string, buy: boolean, away: number): Promise<string> {
    const mark = Number(await this.sandbox.perps.markPrice(coin));
    const factor = buy ? 1 + away / 1000 : 1 - away / 1000;
    const limitPx = (mark * factor).toPrecision(5); // test input only; the venue parses the decimal string
    return limitPx.includes('e') ? String(Math.round(mark)) : limitPx;
  }

  /** A share of what the holder has now (above 100% on purpose: the world must refuse it). */
  private async portion(
    network: Network,
    holder: string,
    token: string | null,
    percent: number,
  ): Promise<bigint> {
    const balance = await this.sandbox.chain.balance(network, holder, token);
    return balance === 0n ? 1n : (balance * BigInt(percent)) / 100n || 1n;
  }

  private async blockhash(network: Network): Promise<{ recentBlockhash?: string }> {
    return network === 'solana'
      ? { recentBlockhash: (await this.sandbox.chain.recentBlockhash()).blockhash }
      : {};
  }
}
