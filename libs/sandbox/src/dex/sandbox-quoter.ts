import type { AssetId, SwapQuote, SwapQuoteRequest, SwapQuoter } from '@vetted/venues';
import { QuoteFailed, isEvmNetwork, isNetwork, sameAsset } from '@vetted/venues';
import { normalizeToken } from '../tokens/asset-directory';
import { registeredToken } from '../tokens/token-registry';
import type { World } from '../world/world';
import { iso } from '../world/world-clock';
import { dexRouter } from '../world/sandbox-accounts';

/** Swap quotes against the sandbox's pools as they are now (the arbitrageur's pending move included). */
export class SandboxQuoter implements SwapQuoter {
  constructor(private readonly world: World) {}

  async quote(request: SwapQuoteRequest): Promise<SwapQuote> {
    const from = this.asset(request?.from, 'from');
    const to = this.asset(request.to, 'to');
    if (typeof request.amountInRaw !== 'bigint' || request.amountInRaw <= 0n)
      throw new QuoteFailed('invalid_request', 'amountInRaw must be a positive bigint');
    if (sameAsset(from, to)) throw new QuoteFailed('same_asset', 'a swap needs two different assets');
    if (this.world.faults.pending('quote') && this.world.writes.runNow(() => this.world.faults.take('quote')))
      throw new QuoteFailed('unavailable', 'the quote source did not answer');
    this.world.settleIfDue();
    const nowMs = this.world.clock.nowMs();
    const quote = this.world.dex.quote(from, to, request.amountInRaw, nowMs);
    if (!quote.ok) throw new QuoteFailed(quote.reason, quote.message);
    return {
      from,
      to,
      amountInRaw: request.amountInRaw,
      amountOutRaw: quote.amountOutRaw,
      feeRaw: quote.feeRaw,
      priceImpact: quote.priceImpact,
      route: { source: from.network, destination: to.network, path: quote.path },
      approvalSpender: from.token !== null && isEvmNetwork(from.network) ? dexRouter(from.network) : null,
      quotedAt: iso(nowMs),
    };
  }

  private asset(asset: AssetId | undefined, field: string): AssetId {
    if (!asset || !isNetwork(asset.network))
      throw new QuoteFailed('invalid_request', `${field} has no known network`);
    const normalized = { network: asset.network, token: normalizeToken(asset.network, asset.token) };
    if (!registeredToken(normalized))
      throw new QuoteFailed('unknown_token', `${field} is not a registered token`);
    return normalized;
  }
}
