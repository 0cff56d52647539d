import {
  type Erc20Call,
  type EvmNetwork,
  type TokenDirectory,
  type TokenInfo,
  decodeErc20Call,
  isEvmNetwork,
} from '@vetted/venues';
import { estimateFee, captureTx, type UnsubmittedTx } from '../../preparation/chain-legs';
import { ValidationFailed, isZeroEvmAddress } from '@vetted/kernel';
import { FieldProblems } from '../../preparation/field-problems';
import { feeToken, requireFunds } from '../../preparation/funding';
import {
  networkFees,
  reviewAmount,
  spoken,
  type NetworkFee,
  type ReviewAmount,
} from '../../preparation/review';
import { ownWalletAt, refusedAsArchived } from '../../preparation/recipients';
import { UsdPrices } from '../../preparation/usd-prices';
import { type EvmCallIntent, INTENT_PATH } from '../intent';
import type { PrepareShapeB, ShapeBReview } from './prepared-shape-b';
import { checkWalletFamily } from './wallet-family';

/** What a person approves for an EVM call: the exact call, its value and the gas it may burn. */
export interface EvmCallReview extends ShapeBReview {
  type: 'evmCall';
  network: EvmNetwork;
  from: string;
  to: string;
  /** The call data exactly as it is sent (`0x` + lowercase hex), and its length in bytes. */
  data: string;
  dataBytes: number;
  /** Native asset moved to `to` with the call. */
  value: ReviewAmount;
  /**
   * When `to` is a known token and `data` one of the ERC-20 calls that move or allow it, that call
   * decoded; null otherwise, and then the review cannot tell what the call does beyond its value.
   */
  tokenCall: TokenCallReview | null;
  gasLimit: string;
  /** The most the call can be charged: the whole gas limit at the network's gas price. */
  networkFees: NetworkFee[];
  /** Where the caller says the call came from: provenance only, never an authorization (rule 7). */
  sourceUrl: string | null;
}

/** An ERC-20 call a review decoded: the token amount, and who sends, receives or may spend it. */
export interface TokenCallReview {
  function: Erc20Call['function'];
  amount: ReviewAmount;
  /** `transferFrom`: whose tokens move. */
  from?: string;
  /** `transfer`, `transferFrom`: who receives them. */
  to?: string;
  /** `approve`: who may spend them. */
  spender?: string;
}

/**
 * An arbitrary EVM call, supplied complete (rule 8): nothing is estimated or defaulted, and the
 * review shows `data` verbatim. A call to a known token that is one of the ERC-20 calls moving or
 * allowing it is decoded too, and a `transfer` needs the tokens it sends; any other data the review
 * says it cannot read (found by a probe: a token transfer made as a call was reviewed as "Call 0x…"
 * only). The wallet must hold the value plus the fee of the whole gas limit (what the chain
 * reserves at submission).
 */
export const prepareEvmCall: PrepareShapeB<EvmCallIntent> = async (intent, context) => {
  const { wallet, ports } = context;
  const problems = new FieldProblems();
  checkWalletFamily(wallet, 'evm', 'an EVM call', problems);
  if (!isEvmNetwork(intent.network))
    problems.add(`${INTENT_PATH}.network`, 'must be an EVM network (ethereum, base, arbitrum, polygon)');
  if (BigInt(intent.value) > 0n)
    refusedAsArchived(ownWalletAt(intent.to, intent.network, context), `${INTENT_PATH}.to`, problems);
  const intrinsic = intrinsicGas(intent.data);
  if (BigInt(intent.gasLimit) < intrinsic)
    problems.add(
      `${INTENT_PATH}.gasLimit`,
      `must be at least ${intrinsic}, the call's intrinsic gas (21000 plus 16 per non-zero and 4 per zero data byte)`,
    );
  problems.throwIfAny();

  const tx: UnsubmittedTx = {
    kind: 'evmCall',
    network: intent.network,
    from: wallet.address,
    to: intent.to,
    data: intent.data,
    valueRaw: BigInt(intent.value),
    gasLimit: BigInt(intent.gasLimit),
  };
  const fee = await estimateFee(ports.chain, tx);
  const native = nativeToken(ports.tokens, intent.network);
  const token = ports.tokens.tokenInfo({ network: intent.network, token: intent.to });
  const call = token?.token ? decodeErc20Call(intent.data) : null;
  // A token contract takes no native value (whatever the data), and ERC-20 refuses to move or allow
  // anything to the zero address: such a call always reverts, so its review could never execute.
  if (token?.token && tx.valueRaw > 0n)
    throw ValidationFailed.field(
      `${INTENT_PATH}.value`,
      call
        ? `must be 0: ${token.symbol}'s ${call.function} takes no native value, so the call would revert`
        : `must be 0: the ${token.symbol} contract takes no native value, so the call would revert`,
    );
  if (call && isZeroEvmAddress(call.function === 'approve' ? call.spender : call.to))
    throw ValidationFailed.field(
      `${INTENT_PATH}.data`,
      `${token!.symbol}'s ${call.function} to the zero address always reverts`,
    );
  await requireFunds(ports, wallet, [
    { token: native, raw: tx.valueRaw, purpose: 'call value' },
    { token: feeToken(ports.tokens, fee), raw: fee.maxFeeRaw, purpose: 'network fee (the whole gas limit)' },
    ...(token && call?.function === 'transfer'
      ? [{ token, raw: call.amountRaw, purpose: `${token.symbol} the call transfers` }]
      : []),
  ]);
  // The value is what the call spends, so it needs a live price; a zero value needs none.
  const spends = tx.valueRaw > 0n;
  const optional = token && call ? [native, fee.feeAsset, token] : [native, fee.feeAsset];
  const prices = await UsdPrices.read(ports.prices, spends ? [native] : [], optional);
  const value = reviewAmount(native, tx.valueRaw, prices);
  const tokenCall = token && call ? tokenCallReview(call, token, prices) : null;

  const review: EvmCallReview = {
    type: 'evmCall',
    walletId: wallet.id,
    summary:
      (tokenCall
        ? `Call ${tokenCall.amount.symbol}'s ${tokenCall.function} on ${intent.network} from ${wallet.address}: ${tokenCallSpoken(tokenCall)}`
        : `Call ${intent.to} on ${intent.network} from ${wallet.address}` +
          `${spends ? `, sending ${spoken(value)}` : ''}`) +
      `, with a gas limit of ${intent.gasLimit}` +
      (tokenCall || intent.data === '0x'
        ? ''
        : '; its data is not decoded, so this review cannot show what the call does beyond its value'),
    network: intent.network,
    from: wallet.address,
    to: intent.to,
    data: intent.data,
    dataBytes: (intent.data.length - 2) / 2,
    value,
    tokenCall,
    gasLimit: intent.gasLimit,
    networkFees: networkFees([fee], ports.tokens, prices),
    sourceUrl: intent.sourceUrl ?? null,
  };
  return {
    type: 'evmCall',
    action: intent,
    actions: [{ kind: 'chain', tx: captureTx(tx) }],
    review,
    continuation: null,
  };
};

function tokenCallReview(call: Erc20Call, token: TokenInfo, prices: UsdPrices): TokenCallReview {
  const amount = reviewAmount(token, call.amountRaw, prices);
  switch (call.function) {
    case 'transfer':
      return { function: call.function, amount, to: call.to };
    case 'approve':
      return { function: call.function, amount, spender: call.spender };
    case 'transferFrom':
      return { function: call.function, amount, from: call.from, to: call.to };
  }
}

function tokenCallSpoken(call: TokenCallReview): string {
  switch (call.function) {
    case 'transfer':
      return `send ${spoken(call.amount)} to ${call.to}`;
    case 'approve':
      return `allow ${call.spender} to spend ${spoken(call.amount)}`;
    case 'transferFrom':
      return `move ${spoken(call.amount)} from ${call.from} to ${call.to}, under an allowance`;
  }
}

/**
 * The EVM protocol's floor for any transaction's gas (Istanbul calldata pricing): a call with a
 * lower limit is invalid and never executes, so it is refused here rather than at approval.
 */
export function intrinsicGas(data: string): bigint {
  let gas = 21_000n;
  for (let i = 2; i < data.length; i += 2) gas += data.slice(i, i + 2) === '00' ? 4n : 16n;
  return gas;
}

function nativeToken(tokens: TokenDirectory, network: EvmNetwork): TokenInfo {
  const info = tokens.tokenInfo({ network, token: null });
  if (!info) throw new Error(`the token directory does not know the native asset of ${network}`);
  return info;
}
