import type { AssetId, FeeEstimate, TokenDirectory, TokenInfo } from '@vetted/venues';
import { assetKey, formatUnits, sameAsset } from '@vetted/venues';
import { describeAmount } from './amounts';
import type { PreparationPorts, PreparationWallet } from './preparation-context';
import { InsufficientFunds } from './refusals';

/** Something the operation takes from the wallet: a spend, or a leg's most expensive network fee. */
export interface Need {
  token: TokenInfo;
  raw: bigint;
  purpose: string;
}

/**
 * What the wallet can spend now. On `perps` the balance is margin collateral, and what open positions
 * hold cannot leave, so only the withdrawable part counts.
 */
export async function spendable(ports: PreparationPorts, address: string, asset: AssetId): Promise<bigint> {
  if (asset.network === 'perps') return (await ports.perps.account(address)).withdrawableRaw;
  return ports.chain.balance(asset.network, address, asset.token);
}

/**
 * `max` of an asset that also pays the fees (the native asset) is the balance minus the estimated
 * maximum fee of every leg, so the operation can pay its own gas; `maxFeeRaw` is by contract the most
 * a transaction can be charged, so no further margin is kept. Other assets: the whole balance.
 */
export function maxAfterFees(available: bigint, asset: AssetId, fees: readonly FeeEstimate[]): bigint {
  return fees.reduce(
    (left, fee) => (sameAsset(fee.feeAsset, asset) ? left - fee.maxFeeRaw : left),
    available,
  );
}

/** The network fees of the legs that would spend `amountRaw` of an asset (for `max`). */
export type FeesFor = (amountRaw: bigint) => Promise<readonly FeeEstimate[]>;

/**
 * `max`: the live spendable balance less what the spending legs charge in the same asset (fees are
 * estimated on the whole balance, or 1 raw unit of an empty one). Refuses with `INSUFFICIENT_FUNDS`
 * when nothing would be left to `verb`.
 */
export async function maxSpend(
  ports: PreparationPorts,
  wallet: PreparationWallet,
  token: TokenInfo,
  verb: string,
  feesFor: FeesFor,
): Promise<bigint> {
  return maxOf(await spendable(ports, wallet.address, token), wallet, token, verb, feesFor);
}

/** `maxSpend` of a spendable balance the caller has already read. */
export async function maxOf(
  available: bigint,
  wallet: PreparationWallet,
  token: TokenInfo,
  verb: string,
  feesFor: FeesFor,
): Promise<bigint> {
  const left = maxAfterFees(available, token, await feesFor(available > 0n ? available : 1n));
  if (left <= 0n)
    throw new InsufficientFunds(
      token.network === 'perps'
        ? // There is no network fee on the perp venue; what open positions hold as margin cannot leave.
          `wallet ${wallet.id} can withdraw ${describeAmount(available, token)} (open positions hold the rest as margin), nothing to ${verb}`
        : `wallet ${wallet.id} has ${describeAmount(available, token)}, nothing left to ${verb} after the network fee`,
    );
  return left;
}

/** A leg's most expensive network fee, as something the wallet must hold. */
export function feeNeed(tokens: TokenDirectory, fee: FeeEstimate): Need {
  return { token: feeToken(tokens, fee), raw: fee.maxFeeRaw, purpose: 'network fee' };
}

export function feeToken(tokens: TokenDirectory, fee: FeeEstimate): TokenInfo {
  const info = tokens.tokenInfo(fee.feeAsset);
  if (!info) throw new Error(`the token directory does not know the fee asset ${assetKey(fee.feeAsset)}`);
  return info;
}

/** Refuses with `INSUFFICIENT_FUNDS` unless the wallet holds every asset the operation needs, summed. */
export async function requireFunds(
  ports: PreparationPorts,
  wallet: PreparationWallet,
  needs: readonly Need[],
): Promise<void> {
  // Grouped by asset in the order first needed; an operation needs two or three assets at most.
  const groups: { token: TokenInfo; needs: Need[]; total: bigint }[] = [];
  for (const need of needs) {
    if (need.raw <= 0n) continue;
    const group = groups.find((g) => sameAsset(g.token, need.token));
    if (group === undefined) groups.push({ token: need.token, needs: [need], total: need.raw });
    else {
      group.needs.push(need);
      group.total += need.raw;
    }
  }
  const shortfalls: string[] = [];
  for (const { token, needs: group, total } of groups) {
    const have = await spendable(ports, wallet.address, token);
    if (have >= total) continue;
    const parts = group.map((need) => `${formatUnits(need.raw, token.decimals)} ${need.purpose}`).join(' + ');
    shortfalls.push(
      `${describeAmount(total, token)} (${parts}), but it has ${formatUnits(have, token.decimals)} to spend`,
    );
  }
  if (shortfalls.length > 0)
    throw new InsufficientFunds(
      `wallet ${wallet.id} cannot fund this operation: it needs ${shortfalls.join('; ')}`,
    );
}
