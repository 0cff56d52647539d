import { addressFamily, isNetwork } from '@vetted/venues';
import type { FieldProblems } from '../../preparation/field-problems';
import {
  MAX_AMOUNT,
  POSITIVE_DECIMAL_MESSAGE,
  POSITIVE_DECIMAL_OR_MAX_MESSAGE,
  isPositiveDecimal,
} from '../../preparation/decimal-grammar';
import { readAmountSpec } from './amount-spec';
import { SENDABLE_KINDS, TRADABLE_KINDS, readAssetSide } from './asset-side';
import { type IntentArm, at, exactlyOne } from './intent-arm';
import { type Fields, readObject, readOneOf, readPositiveDecimal, readWalletId } from './intent-fields';
import { readRecipientAddress } from './recipient';
import type { SendIntentB, SendRecipientB, SpotOrderIntent, SpotSizing, SwapIntentB } from './shape-b-intent';
import { readSlippage } from './slippage';

export const SWAP_ARM: IntentArm<SwapIntentB> = {
  fields: ['from', 'to', 'amount', 'slippage', 'toWalletId'],
  read(intent, problems) {
    const from = readAssetSide(intent.from, at('from'), problems, TRADABLE_KINDS);
    const to = readAssetSide(intent.to, at('to'), problems, TRADABLE_KINDS);
    const amount = readAmountSpec(intent.amount, at('amount'), problems);
    const slippage = readSlippage(intent.slippage, at('slippage'), problems);
    const toWalletId =
      intent.toWalletId === undefined
        ? undefined
        : readWalletId(intent.toWalletId, at('toWalletId'), problems);
    if (!from || !to || !amount || slippage === null || toWalletId === null) return null;
    return { from, to, amount, slippage, ...(toWalletId !== undefined && { toWalletId }) };
  },
};

export const SEND_ARM: IntentArm<SendIntentB> = {
  fields: ['asset', 'amount', 'to'],
  read(intent, problems) {
    const asset = readAssetSide(intent.asset, at('asset'), problems, SENDABLE_KINDS);
    const amount = readAmountSpec(intent.amount, at('amount'), problems);
    const to = readSendRecipient(intent, problems);
    if (!asset || !amount || !to) return null;
    return { asset, amount, to };
  },
};

/** `to: { walletId } | { address }`, exactly one; the address form follows the asset's network. */
function readSendRecipient(intent: Fields, problems: FieldProblems): SendRecipientB | null {
  const to = readObject(intent.to, at('to'), problems, ['walletId', 'address']);
  if (!to) return null;
  const given = ['walletId', 'address'].filter((key) => to[key] !== undefined);
  if (given.length !== 1) {
    problems.add(at('to'), 'must have exactly one of walletId or address');
    return null;
  }
  if (to.walletId !== undefined) {
    const walletId = readWalletId(to.walletId, at('to', 'walletId'), problems);
    return walletId === null ? null : { walletId };
  }
  const network = (intent.asset as Fields | undefined)?.network;
  const family = isNetwork(network) ? addressFamily(network) : 'either';
  const address = readRecipientAddress(to.address, at('to', 'address'), problems, family);
  return address === null ? null : { address };
}

export const SPOT_ORDER_ARM: IntentArm<SpotOrderIntent> = {
  fields: ['side', 'asset', 'size', 'valueUsdc', 'slippage'],
  read(intent, problems) {
    const side = readOneOf(intent.side, at('side'), problems, ['buy', 'sell'] as const);
    const asset = readAssetSide(intent.asset, at('asset'), problems, ['perpCoin']);
    const sizing = readSpotSizing(intent, side, problems);
    const slippage = readSlippage(intent.slippage, at('slippage'), problems);
    if (!side || !asset || !sizing || slippage === null) return null;
    return { side, asset, sizing, slippage };
  },
};

function readSpotSizing(
  intent: Fields,
  side: 'buy' | 'sell' | null,
  problems: FieldProblems,
): SpotSizing | null {
  if (!exactlyOne(intent, ['size', 'valueUsdc'], problems, 'size or valueUsdc')) return null;
  if (intent.size !== undefined) {
    const size = readPositiveDecimal(intent.size, at('size'), problems);
    return size === null ? null : { kind: 'size', size };
  }
  if (intent.valueUsdc === MAX_AMOUNT) {
    if (side === 'buy') return { kind: 'valueUsdcMax' };
    if (side === 'sell')
      problems.add(at('valueUsdc'), '"max" is only for buys; a sell gives a positive decimal, or a size');
    return null;
  }
  const usdc = intent.valueUsdc;
  if (isPositiveDecimal(usdc)) return { kind: 'valueUsdc', usdc };
  problems.add(at('valueUsdc'), side === 'buy' ? POSITIVE_DECIMAL_OR_MAX_MESSAGE : POSITIVE_DECIMAL_MESSAGE);
  return null;
}
