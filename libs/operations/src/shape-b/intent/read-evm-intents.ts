import { isZeroEvmAddress } from '@vetted/kernel';
import { EVM_NETWORKS, type EvmNetwork } from '@vetted/venues';
import type { FieldProblems } from '../../preparation/field-problems';
import {
  UINT256_BOUND,
  POSITIVE_RAW_MESSAGE,
  isPositiveRawInteger,
  isRawInteger,
} from '../../preparation/decimal-grammar';
import { readAssetSide } from './asset-side';
import { type IntentArm, at } from './intent-arm';
import { REQUIRED, fail, readOneOf, readPositiveDecimal } from './intent-fields';
import { readRecipientAddress } from './recipient';
import type { EvmCallIntent, TokenApprovalIntent } from './shape-b-intent';

/** Call data beyond this cannot fit a transaction any node relays (128 KiB). */
export const MAX_CALL_DATA_BYTES = 128 * 1024;

const CALL_DATA = /^0x([0-9a-fA-F]{2})*$/;
const RAW_MESSAGE = `must be an integer in raw base units (wei), digits only, without leading zeroes, ${UINT256_BOUND}`;

/** `evmCall` (rule 8): every call parameter is supplied; nothing is estimated or defaulted. */
export const EVM_CALL_ARM: IntentArm<EvmCallIntent> = {
  fields: ['network', 'to', 'data', 'value', 'gasLimit'],
  read(intent, problems) {
    const network = readOneOf(intent.network, at('network'), problems, EVM_NETWORKS as readonly EvmNetwork[]);
    const to = readRecipientAddress(intent.to, at('to'), problems, 'evm');
    const data = readCallData(intent.data, at('data'), problems);
    const value = readRaw(intent.value, at('value'), problems, isRawInteger, RAW_MESSAGE);
    const gasLimit = readRaw(
      intent.gasLimit,
      at('gasLimit'),
      problems,
      isPositiveRawInteger,
      POSITIVE_RAW_MESSAGE,
    );
    if (!network || !to || data === null || value === null || gasLimit === null) return null;
    return { network, to, data, value, gasLimit };
  },
};

function readCallData(value: unknown, path: string, problems: FieldProblems): string | null {
  if (value === undefined) return fail(problems, path, REQUIRED);
  if (typeof value !== 'string' || !CALL_DATA.test(value) || value.length > 2 + 2 * MAX_CALL_DATA_BYTES)
    return fail(
      problems,
      path,
      `must be 0x followed by an even number of hex digits (at most ${MAX_CALL_DATA_BYTES} bytes)`,
    );
  return value.toLowerCase();
}

function readRaw(
  value: unknown,
  path: string,
  problems: FieldProblems,
  test: (value: unknown) => value is string,
  message: string,
): string | null {
  if (value === undefined) return fail(problems, path, REQUIRED);
  return test(value) ? value : fail(problems, path, message);
}

/** `tokenApproval`: an ERC-20 allowance of `amount` (human units) for `spender`. */
export const TOKEN_APPROVAL_ARM: IntentArm<TokenApprovalIntent> = {
  fields: ['asset', 'spender', 'amount'],
  read(intent, problems) {
    const asset = readAssetSide(intent.asset, at('asset'), problems, ['evmToken']);
    let spender = readRecipientAddress(intent.spender, at('spender'), problems, 'evm');
    if (spender !== null && isZeroEvmAddress(spender))
      spender = fail(
        problems,
        at('spender'),
        'is the zero address: no one can spend an allowance given to it',
      );
    const amount = readPositiveDecimal(intent.amount, at('amount'), problems);
    if (!asset || !spender || amount === null) return null;
    return { asset, spender, amount };
  },
};
