import { extend } from '@vetted/kernel';
import type {
  BalanceSnapshot,
  ChainClient,
  ChainTx,
  FeeEstimate,
  Network,
  RecentBlockhash,
  SubmitOptions,
  TxReceipt,
} from '@vetted/venues';
import { isNetwork } from '@vetted/venues';
import { perpCoin } from '../perps/perp-coins';
import { normalizeToken } from '../tokens/asset-directory';
import { feeAssetOf } from '../tokens/token-registry';
import { toReceipt } from '../txs/receipts';
import { settled, submitRequest } from '../txs/submit-request';
import type { World } from '../world/world';
import { iso } from '../world/world-clock';
import { cachedAddress } from './address-cache';
import { ChainExecution } from './chain-execution';
import { normalizeChainTx, recipientOf } from './chain-tx-rules';
import { maxFee } from './gas-schedule';
import { blockhashValidForMs, recentBlockhash } from './solana-blockhash';

/** The chains of the sandbox world behind the `ChainClient` port. */
export class SandboxChain implements ChainClient {
  private readonly execution: ChainExecution;

  constructor(private readonly world: World) {
    this.execution = new ChainExecution(world);
    for (const kind of this.execution.kinds) world.submissions.register(kind);
  }

  /** On `perps`, the ledger's USDC and the address's spot coins (token = the coin, 10^-szDecimals units). */
  async balances(network: Network, address: string): Promise<BalanceSnapshot> {
    const owner = this.owner(network, address);
    this.world.settleIfDue();
    const tokens = this.world.ledger.balances(network, owner).map((b) => ({ network, ...b }));
    return {
      network,
      blockNumber: this.world.blocks.height(network, this.world.clock.nowMs()),
      balances: network === 'perps' ? [...tokens, ...this.world.spot.holdings(owner)] : tokens,
    };
  }

  async balance(network: Network, address: string, token: string | null): Promise<bigint> {
    const owner = this.owner(network, address);
    this.world.settleIfDue();
    const normalized = normalizeToken(network, token);
    // A perp coin on `perps` is a spot balance (the ledger there holds USDC only).
    const coin = network === 'perps' && normalized !== null ? perpCoin(normalized) : null;
    if (coin) return this.world.spot.raw(owner, coin);
    return this.world.ledger.balance(network, owner, normalized);
  }

  async allowance(network: Network, token: string, owner: string, spender: string): Promise<bigint> {
    const ownerAddress = this.owner(network, owner);
    const spenderAddress = this.owner(network, spender);
    this.world.settleIfDue();
    return this.world.allowances.get(
      network,
      normalizeToken(network, token) ?? '',
      ownerAddress,
      spenderAddress,
    );
  }

  async estimateFee(tx: ChainTx): Promise<FeeEstimate> {
    const normalized = normalizeChainTx(tx);
    return { feeAsset: feeAssetOf(normalized.network), maxFeeRaw: maxFee(normalized) };
  }

  async submit(tx: ChainTx, options: SubmitOptions = {}): Promise<TxReceipt> {
    const request = normalizeChainTx(tx);
    const kind = this.execution.kinds.find((k) => k.kind === request.kind)!;
    const envelope = { network: request.network, from: request.from, to: recipientOf(request) };
    const result = await submitRequest(
      this.world,
      kind,
      request,
      extend(envelope, {
        faultTarget: 'submission',
        deadlineMs: options.deadlineMs,
      }),
    );
    return toReceipt(settled(result));
  }

  async receipt(hash: string): Promise<TxReceipt | null> {
    this.world.settleIfDue();
    const record = this.world.log.byHash(hash);
    return record ? toReceipt(record) : null;
  }

  async receiptBySubmission(submissionId: string): Promise<TxReceipt | null> {
    this.world.settleIfDue();
    const record = this.world.log.bySubmission(submissionId);
    return record ? toReceipt(record) : null;
  }

  async recentBlockhash(): Promise<RecentBlockhash> {
    const nowMs = this.world.clock.nowMs();
    const { blockhash, expiresMs } = recentBlockhash(this.world.seed, nowMs);
    return { blockhash, expiresAt: iso(expiresMs), validForMs: Math.max(0, expiresMs - nowMs) };
  }

  async blockhashValidForMs(blockhash: string): Promise<number> {
    return blockhashValidForMs(this.world.seed, blockhash, this.world.clock.nowMs());
  }

  private owner(network: Network, address: string): string {
    if (!isNetwork(network)) throw new RangeError(`unknown network ${String(network)}`);
    const owner = cachedAddress(network, address);
    if (!owner) throw new RangeError(`${address} is not a valid ${network} address`);
    return owner;
  }
}
