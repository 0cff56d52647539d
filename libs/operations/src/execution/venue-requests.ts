import type {
  ChainTx,
  PerpOrderRequest,
  PredictionBuy,
  PredictionRedeem,
  PredictionSell,
  SpotOrderRequest,
} from '@vetted/venues';
import { withSubmission, type CapturedAction } from '../domain/actions';

type Captured<K extends CapturedAction['kind']> = Extract<CapturedAction, { kind: K }>;

/** The captured payloads in their ports' form, exactly as reviewed, under the leg's submission id. */
export const chainTxOf = (action: Captured<'chain'>, submissionId: string): ChainTx =>
  withSubmission(action.tx, submissionId) as unknown as ChainTx;

export const perpOrderOf = (action: Captured<'perpOrder'>, submissionId: string): PerpOrderRequest =>
  withSubmission(action.order, submissionId) as unknown as PerpOrderRequest;

export const spotOrderOf = (action: Captured<'spotOrder'>, submissionId: string): SpotOrderRequest =>
  withSubmission(action.order, submissionId) as unknown as SpotOrderRequest;

export const predictionBuyOf = (action: Captured<'predictionBuy'>, submissionId: string): PredictionBuy =>
  withSubmission(action.order, submissionId) as unknown as PredictionBuy;

export const predictionSellOf = (action: Captured<'predictionSell'>, submissionId: string): PredictionSell =>
  withSubmission(action.order, submissionId) as unknown as PredictionSell;

export const predictionRedeemOf = (
  action: Captured<'predictionRedeem'>,
  submissionId: string,
): PredictionRedeem => withSubmission(action.order, submissionId) as unknown as PredictionRedeem;
