import { ValidationFailed } from '@vetted/kernel';
import { FieldProblems } from '../../preparation/field-problems';
import { type IntentArm, at } from './intent-arm';
import { INTENT_PATH, isPlainObject, readSourceUrl, readWalletId, refuseUnknown } from './intent-fields';
import { EVM_CALL_ARM, TOKEN_APPROVAL_ARM } from './read-evm-intents';
import { PERP_ORDER_ARM } from './read-perp-order';
import { PREDICTION_ARM } from './read-prediction';
import { SOLANA_INSTRUCTION_ARM, SOLANA_TRANSACTION_ARM } from './read-solana-intents';
import { SEND_ARM, SPOT_ORDER_ARM, SWAP_ARM } from './read-trade-intents';
import { SHAPE_B_TYPES, type ShapeBIntent, type ShapeBType } from './shape-b-intent';

const ARMS: { [T in ShapeBType]: IntentArm<Extract<ShapeBIntent, { type: T }>> } = {
  swap: SWAP_ARM,
  send: SEND_ARM,
  spotOrder: SPOT_ORDER_ARM,
  perpOrder: PERP_ORDER_ARM,
  prediction: PREDICTION_ARM,
  evmCall: EVM_CALL_ARM,
  solanaInstruction: SOLANA_INSTRUCTION_ARM,
  solanaTransaction: SOLANA_TRANSACTION_ARM,
  tokenApproval: TOKEN_APPROVAL_ARM,
};

/** Every intent takes these besides its own fields. */
const COMMON_FIELDS = ['type', 'walletId', 'sourceUrl'];

/** The fields an intent of `type` takes (those of every intent included); any other is refused. */
export function shapeBIntentFields(type: ShapeBType): string[] {
  return [...COMMON_FIELDS, ...ARMS[type].fields];
}

/**
 * Checks the structure and grammar of a Shape B `intent` (JSON as received) and returns it typed and
 * normalised: EVM addresses EIP-55 checksummed, omitted slippage `"1"`, amounts as `AmountSpec`.
 * Unknown properties are refused, so a typo never silently changes a money request. Every problem is
 * reported at once, by field path (`intent.to.address`), in one `ValidationFailed`.
 *
 * Pure and synchronous: balances, token existence, venue coins and prices are preparation's.
 */
export function readShapeBIntent(value: unknown): ShapeBIntent {
  if (!isPlainObject(value)) throw ValidationFailed.field(INTENT_PATH, 'must be an object');
  const problems = new FieldProblems();
  const walletId = readWalletId(value.walletId, at('walletId'), problems);
  const sourceUrl = readSourceUrl(value.sourceUrl, at('sourceUrl'), problems);
  const type = value.type as ShapeBType;
  if (!SHAPE_B_TYPES.includes(type)) {
    problems.add(at('type'), `must be one of ${SHAPE_B_TYPES.join(', ')}`);
    problems.throwIfAny();
  }
  const arm = ARMS[type] as IntentArm<ShapeBIntent>;
  refuseUnknown(value, INTENT_PATH, problems, [...COMMON_FIELDS, ...arm.fields]);
  const body = arm.read(value, problems);
  problems.throwIfAny();
  if (body === null || walletId === null)
    throw new Error(`the ${type} reader returned nothing without a problem`);
  return { type, walletId, ...(sourceUrl !== undefined && { sourceUrl }), ...body } as ShapeBIntent;
}
