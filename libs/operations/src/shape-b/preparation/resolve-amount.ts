import { type TokenInfo, rawAmountBound } from '@vetted/venues';
import { describeAmount, rawAmount } from '../../preparation/amounts';
import { FieldProblems } from '../../preparation/field-problems';
import { maxOf, maxSpend, spendable, type FeesFor } from '../../preparation/funding';
import type { PreparationContext } from '../../preparation/preparation-context';
import { InsufficientFunds, PriceUnavailableForReview } from '../../preparation/refusals';
import { UsdPrices } from '../../preparation/usd-prices';
import type { AmountSpec } from '../intent';
import { percentOfRaw, rawForUsd } from '../../preparation/exact-decimal';

export interface AmountOptions {
  /** What the amount is for, in refusal messages: `swap`, `send`. */
  verb: string;
  /**
   * The network fees of the legs that would spend a candidate amount. `max` leaves those charged in
   * the spent asset (the native one); omitted, nothing is charged in it.
   */
  feesFor?: FeesFor;
}

const noFees: FeesFor = async () => [];

/**
 * A Shape B amount (rules 3, 4 and 13) as the exact raw units of `token` that approval will move:
 * - `exact`: the decimal, refused at `path` when it has more decimals than the token;
 * - `max`: the live spendable balance less the network fee paid in the same asset (Shape A's rule);
 * - `percentOfBalance`: `floor(balance × percent / 100)` of the live spendable balance, at most what
 *   `max` would spend: a share that leaves too little for the network fee paid in the same asset is
 *   the most that can be spent (`100` of the native asset is `max`; it was refused as short of its
 *   own fee);
 * - `valueUsd`: `floor(usd / price × 10^decimals)` at the service's current price, read now; a missing
 *   or expired price refuses with `PRICE_UNAVAILABLE`.
 * A form that resolves to nothing is refused (400): `INSUFFICIENT_FUNDS` when the balance is what is
 * too small, a field problem at `path.valueUsd` when the value is below one raw unit.
 */
export async function resolveAmount(
  spec: AmountSpec,
  token: TokenInfo,
  context: PreparationContext,
  path: string,
  options: AmountOptions,
): Promise<bigint> {
  const { wallet, ports } = context;
  switch (spec.kind) {
    case 'exact':
      return exactRaw(spec.decimal, token, path);
    case 'max':
      return maxSpend(ports, wallet, token, options.verb, options.feesFor ?? noFees);
    case 'percentOfBalance': {
      const balance = await spendable(ports, wallet.address, token);
      const raw = percentOfRaw(balance, spec.percent);
      if (raw <= 0n)
        throw new InsufficientFunds(
          `wallet ${wallet.id} has ${describeAmount(balance, token)}: ${spec.percent}% of it is nothing to ${options.verb}`,
        );
      const most = await maxOf(balance, wallet, token, options.verb, options.feesFor ?? noFees);
      return raw < most ? raw : most;
    }
    case 'valueUsd':
      return usdValueRaw(spec.usd, token, context, `${path}.valueUsd`);
  }
}

/** A human decimal in raw units of `token`; more decimals than it has is refused, never rounded. */
export function exactRaw(decimal: string, token: TokenInfo, path: string): bigint {
  const problems = new FieldProblems();
  const amount = rawAmount(decimal, false, token, path, problems);
  problems.throwIfAny();
  if (amount?.kind !== 'exact') throw new Error(`"${decimal}" was not checked as a positive decimal`);
  return amount.raw;
}

async function usdValueRaw(usd: string, token: TokenInfo, context: PreparationContext, path: string) {
  const prices = await UsdPrices.read(context.ports.prices, [token]);
  const price = prices.of(token)!;
  if (!price.gt(0))
    throw new PriceUnavailableForReview(`the USD price of ${token.symbol} on ${token.network} is zero`);
  const raw = rawForUsd(usd, price.toFixed(), token.decimals);
  const bound = rawAmountBound(token.network);
  const problems = new FieldProblems();
  if (raw <= 0n)
    problems.add(
      path,
      `is less than one raw unit of ${token.symbol} on ${token.network} (one ${token.symbol} is ${price.toFixed()} USD, ` +
        `one raw unit 10^-${token.decimals} of it)`,
    );
  // As an exact amount past it is refused: no balance could fund it, so "insufficient" would mislead.
  else if (raw > bound.max)
    problems.add(
      path,
      `is more than any token amount (${bound.described} of ${token.symbol} on ${token.network})`,
    );
  problems.throwIfAny();
  return raw;
}
