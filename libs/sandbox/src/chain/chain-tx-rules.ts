import { extend } from '@vetted/kernel';
import type { AssetId, ChainTx, Network, RejectionReason } from '@vetted/venues';
import {
  SubmissionRejected,
  addressFamily,
  isEvmNetwork,
  isNetwork,
  sameAsset,
  unsignedCosigners,
} from '@vetted/venues';
import { normalizeToken, tokenInfo } from '../tokens/asset-directory';
import { registeredToken } from '../tokens/token-registry';
import { cachedAddress } from './address-cache';
import { intrinsicGas } from './gas-schedule';

const HEX_DATA = /^0x([0-9a-fA-F]{2})*$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const MAX_SUBMISSION_ID = 256;

/** What is wrong with a request before it reaches the world: it is rejected, nothing happens. */
export function refuse(reason: RejectionReason, message: string, submissionId: string | null = null): never {
  throw new SubmissionRejected(reason, message, submissionId);
}

export function checkSubmissionId(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_SUBMISSION_ID)
    refuse(
      'invalid_request',
      `submissionId must be a non-empty string of at most ${MAX_SUBMISSION_ID} characters`,
    );
  return value;
}

export function address(network: Network, value: unknown, field: string, id: string): string {
  return (
    cachedAddress(network, value) ??
    refuse('invalid_request', `${field} is not a valid ${network} address`, id)
  );
}

function amount(value: unknown, field: string, id: string, allowZero = false): bigint {
  if (typeof value !== 'bigint' || value < 0n || (!allowZero && value === 0n))
    refuse('invalid_request', `${field} must be a ${allowZero ? 'non-negative' : 'positive'} bigint`, id);
  return value;
}

function holdable(network: Network, token: string | null, field: string, id: string): string | null {
  const normalized = normalizeToken(network, token);
  if (!tokenInfo({ network, token: normalized }))
    refuse('unknown_token', `${field} is not a token on ${network}`, id);
  return normalized;
}

function swappable(asset: AssetId, field: string, id: string): AssetId {
  const normalized = { network: asset.network, token: normalizeToken(asset.network, asset.token) };
  if (!isNetwork(asset.network) || !registeredToken(normalized))
    refuse('unknown_token', `${field} is not a registered token`, id);
  return normalized;
}

/**
 * A transaction as the world records it: addresses in their canonical form, tokens known, amounts
 * in range, defaults filled in. Anything else is refused here, before any state is touched.
 */
export function normalizeChainTx(tx: ChainTx): ChainTx {
  const id = checkSubmissionId(tx?.submissionId);
  if (!isNetwork(tx.network)) refuse('invalid_request', `unknown network ${String(tx.network)}`, id);
  const network = tx.network;
  const from = address(network, tx.from, 'from', id);
  let recentBlockhash: string | undefined;
  if (network === 'solana') {
    if (typeof tx.recentBlockhash !== 'string' || tx.recentBlockhash === '')
      refuse('blockhash_missing', 'a Solana transaction needs a recentBlockhash', id);
    recentBlockhash = tx.recentBlockhash;
  }
  const base = { submissionId: id, network, from, ...(recentBlockhash ? { recentBlockhash } : {}) };
  switch (tx.kind) {
    case 'transfer':
      return extend(base, {
        kind: 'transfer',
        to: address(network, tx.to, 'to', id),
        token: holdable(network, tx.token, 'token', id),
        amountRaw: amount(tx.amountRaw, 'amountRaw', id),
      });
    case 'approve': {
      if (!isEvmNetwork(network)) refuse('invalid_request', 'approvals exist on EVM networks only', id);
      const token = normalizeToken(network, tx.token);
      if (token === null || !registeredToken({ network, token }))
        refuse('unknown_token', `token is not an ERC-20 on ${network}`, id);
      return extend(base, {
        network,
        kind: 'approve',
        token: token as string,
        spender: address(network, tx.spender, 'spender', id),
        amountRaw: amount(tx.amountRaw, 'amountRaw', id, true),
      });
    }
    case 'swap': {
      const input = swappable({ network, token: tx.tokenIn }, 'tokenIn', id);
      const output = swappable(tx.assetOut ?? { network, token: null }, 'assetOut', id);
      if (sameAsset(input, output)) refuse('invalid_request', 'a swap needs two different assets', id);
      const sameFamily = addressFamily(output.network) === addressFamily(network);
      const recipient = tx.recipient ?? (sameFamily ? from : undefined);
      return extend(base, {
        kind: 'swap',
        tokenIn: input.token,
        assetOut: output,
        amountInRaw: amount(tx.amountInRaw, 'amountInRaw', id),
        minAmountOutRaw: amount(tx.minAmountOutRaw, 'minAmountOutRaw', id, true),
        recipient: address(output.network, recipient, 'recipient', id),
      });
    }
    case 'evmCall': {
      if (!isEvmNetwork(network)) refuse('invalid_request', 'EVM calls exist on EVM networks only', id);
      if (typeof tx.data !== 'string' || !HEX_DATA.test(tx.data))
        refuse('invalid_request', 'data must be 0x-prefixed hex bytes', id);
      const gasLimit = amount(tx.gasLimit, 'gasLimit', id);
      if (gasLimit < intrinsicGas(tx.data))
        refuse('intrinsic_gas_too_low', 'gasLimit is below the intrinsic gas', id);
      return extend(base, {
        network,
        kind: 'evmCall',
        to: address(network, tx.to, 'to', id),
        data: tx.data.toLowerCase(),
        valueRaw: amount(tx.valueRaw, 'valueRaw', id, true),
        gasLimit,
      });
    }
    case 'solanaTransaction':
      if (network !== 'solana') refuse('invalid_request', 'a Solana transaction goes to solana', id);
      if (typeof tx.transaction !== 'string' || !BASE64.test(tx.transaction))
        refuse('invalid_request', 'transaction must be base64 bytes', id);
      refuseUnsigned(tx.transaction, id);
      return extend(base, {
        network,
        kind: 'solanaTransaction',
        transaction: tx.transaction,
        recentBlockhash: recentBlockhash!,
      });
    default:
      return refuse(
        'invalid_request',
        `unknown transaction kind ${String((tx as { kind?: unknown }).kind)}`,
        id,
      );
  }
}

/**
 * The sandbox signs a Solana transaction for its fee payer (the wallet); every other signer's
 * signature must already be in the bytes and verify, as Solana checks before running anything.
 */
function refuseUnsigned(transaction: string, id: string): void {
  const unsigned = unsignedCosigners(transaction);
  if (unsigned !== null && unsigned.length > 0)
    refuse(
      'invalid_request',
      `signature verification failed: ${unsigned.join(', ')} has not signed this transaction`,
      id,
    );
}

/** Who a transaction is addressed to, for its record. */
export function recipientOf(tx: ChainTx): string | null {
  switch (tx.kind) {
    case 'transfer':
    case 'evmCall':
      return tx.to;
    case 'approve':
      return tx.token;
    case 'swap':
      return tx.recipient ?? null;
    case 'solanaTransaction':
      return null;
  }
}
