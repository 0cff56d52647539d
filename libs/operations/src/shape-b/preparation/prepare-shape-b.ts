import { ValidationFailed } from '@vetted/kernel';
import type { PreparationContext } from '../../preparation/preparation-context';
import type { ShapeBIntent, ShapeBType } from '../intent';
import { INTENT_PATH } from '../intent';
import { prepareEvmCall } from './prepare-evm-call';
import { preparePerpOrderB } from './prepare-perp-order-b';
import { preparePredictionB } from './prepare-prediction-b';
import { prepareSendB } from './prepare-send-b';
import { prepareSolanaInstruction } from './prepare-solana-instruction';
import { prepareSolanaTransaction } from './prepare-solana-transaction';
import { prepareSpotOrder } from './prepare-spot-order';
import { prepareSwapB } from './prepare-swap-b';
import { prepareTokenApproval } from './prepare-token-approval';
import type { PreparedShapeB, PrepareShapeB } from './prepared-shape-b';

type Preparers = { [T in ShapeBType]: PrepareShapeB<Extract<ShapeBIntent, { type: T }>> };

const PREPARERS: Preparers = {
  swap: prepareSwapB,
  send: prepareSendB,
  tokenApproval: prepareTokenApproval,
  evmCall: prepareEvmCall,
  solanaInstruction: prepareSolanaInstruction,
  solanaTransaction: prepareSolanaTransaction,
  spotOrder: prepareSpotOrder,
  perpOrder: preparePerpOrderB,
  prediction: preparePredictionB,
};

/**
 * Turns a checked Shape B intent into the actions approval will execute and the review a person
 * approves, quoting live now; nothing is submitted. `context.wallet` is the caller's wallet
 * `intent.walletId` (the caller looked it up); an archived one is refused here.
 */
export function prepareShapeB(intent: ShapeBIntent, context: PreparationContext): Promise<PreparedShapeB> {
  if (context.wallet.id !== intent.walletId)
    throw new Error(`context.wallet is wallet ${context.wallet.id}, the intent names ${intent.walletId}`);
  if (context.wallet.archived)
    throw ValidationFailed.field(`${INTENT_PATH}.walletId`, 'is archived; choose an active wallet');
  const prepare = PREPARERS[intent.type] as PrepareShapeB<ShapeBIntent>;
  return prepare(intent, context);
}
