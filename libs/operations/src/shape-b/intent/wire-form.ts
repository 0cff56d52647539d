import type { AmountSpec } from './amount-spec';
import type { AssetSide } from './asset-side';
import type { ShapeBIntent } from './shape-b-intent';

type Json = Record<string, unknown>;

/** `{ network, asset }`, as the client writes an asset side (rule 2). */
const side = ({ network, asset }: AssetSide): Json => ({ network, asset });

/** `"1.5"`, `"max"`, `{ "percentOfBalance": "25" }` or `{ "valueUsd": "10.50" }` (rule 3). */
function amount(spec: AmountSpec): unknown {
  switch (spec.kind) {
    case 'exact':
      return spec.decimal;
    case 'max':
      return 'max';
    case 'percentOfBalance':
      return { percentOfBalance: spec.percent };
    case 'valueUsd':
      return { valueUsd: spec.usd };
  }
}

/** The fields of one intent type in the wire form, besides `type`, `walletId` and `sourceUrl`. */
function fields(intent: ShapeBIntent): Json {
  switch (intent.type) {
    case 'swap': {
      const { from, to, slippage, toWalletId } = intent;
      return {
        from: side(from),
        to: side(to),
        amount: amount(intent.amount),
        slippage,
        ...(toWalletId !== undefined && { toWalletId }),
      };
    }
    case 'send':
      return { asset: side(intent.asset), amount: amount(intent.amount), to: intent.to };
    case 'spotOrder': {
      const { side: orderSide, asset, sizing, slippage } = intent;
      const size =
        sizing.kind === 'size'
          ? { size: sizing.size }
          : { valueUsdc: sizing.kind === 'valueUsdc' ? sizing.usdc : 'max' };
      return { side: orderSide, asset: side(asset), ...size, slippage };
    }
    case 'perpOrder': {
      if (intent.reduce) {
        const { coin, expectedSide, size, slippage } = intent;
        const reduction = size.kind === 'max' ? { size: 'max' } : { sizePercent: size.percent };
        return { reduce: true, coin, ...(expectedSide && { expectedSide }), ...reduction, slippage };
      }
      const { coin, side: perpSide, sizing, leverage, slippage } = intent;
      const size =
        sizing.kind === 'size'
          ? { size: sizing.size }
          : sizing.kind === 'valueUsd'
            ? { valueUsd: sizing.usd }
            : { marginUsdc: sizing.marginUsdc, exposureMultiple: sizing.exposureMultiple };
      return { coin, side: perpSide, ...size, ...(leverage !== undefined && { leverage }), slippage };
    }
    case 'prediction': {
      const outcome = side(intent.outcome);
      if (intent.action === 'buy') return { action: 'buy', outcome, spendPusd: intent.spendPusd };
      if (intent.action === 'sell')
        return {
          action: 'sell',
          outcome,
          shares: intent.shares.kind === 'max' ? 'max' : intent.shares.decimal,
        };
      return { action: 'redeem', outcome };
    }
    case 'tokenApproval':
      return { asset: side(intent.asset), spender: intent.spender, amount: intent.amount };
    case 'evmCall': {
      const { network, to, data, value, gasLimit } = intent;
      return { network, to, data, value, gasLimit };
    }
    case 'solanaInstruction': {
      const { programAddress, accounts, data } = intent;
      return { programAddress, accounts, data };
    }
    case 'solanaTransaction':
      return { transaction: intent.transaction };
  }
}

/**
 * A checked intent in the language the client writes (api-decisions §6): what `request.action` and a
 * continuation's `action` show, with the reader's normalisations applied (EIP-55 addresses, the
 * default slippage) and nothing of its internal form. `readShapeBIntent` reads it back to the same
 * intent.
 */
export function intentOnTheWire(intent: ShapeBIntent): Json {
  const { type, walletId, sourceUrl } = intent;
  return { type, walletId, ...fields(intent), ...(sourceUrl !== undefined && { sourceUrl }) };
}
