import type { SubmitOptions } from '@vetted/venues';
import type { CapturedAction } from '../domain/actions';
import { chainReceiptOutcome } from './chain-receipt-outcome';
import type { ExecuteLegOptions, ExecutionPorts } from './execution-ports';
import type { LegOutcome } from './leg-outcome';
import { perpOrderOutcome } from './perp-order-outcome';
import { predictionFillOutcome, pusdToken } from './prediction-fill-outcome';
import { quoteFloorFailure } from './quote-floor';
import { spotOrderOutcome } from './spot-order-outcome';
import { submissionFailure } from './submission-failure';
import {
  chainTxOf,
  perpOrderOf,
  predictionBuyOf,
  predictionRedeemOf,
  predictionSellOf,
  spotOrderOf,
} from './venue-requests';

/**
 * Submits one captured leg, exactly as reviewed (never re-quoted), under its deterministic
 * submission id, and says what happened. Record `LegSubmitted` before calling: the ports are
 * idempotent by id, so calling again after a crash returns the first submission's outcome.
 * A `failed` outcome with `effect: 'possible'` (uncertain, timeout) may still settle: `reconcileLeg`.
 */
export async function executeLeg(
  action: CapturedAction,
  submissionId: string,
  ports: ExecutionPorts,
  options: ExecuteLegOptions,
): Promise<LegOutcome> {
  const submit: SubmitOptions = { deadlineMs: options.deadlineMs };
  try {
    switch (action.kind) {
      case 'chain':
        return await executeChainTx(action, submissionId, ports, submit);
      case 'perpOrder': {
        const result = await ports.perps.placeOrder(perpOrderOf(action, submissionId), submit);
        return perpOrderOutcome(result, action.order.address);
      }
      case 'spotOrder': {
        const result = await ports.perps.placeSpotOrder(spotOrderOf(action, submissionId), submit);
        return spotOrderOutcome(result, action.order.address, ports.tokens);
      }
      case 'predictionBuy': {
        const pusd = pusdToken(ports.tokens);
        const fill = await ports.predict.buy(predictionBuyOf(action, submissionId), submit);
        return predictionFillOutcome(fill, action.order.address, pusd);
      }
      case 'predictionSell': {
        const pusd = pusdToken(ports.tokens);
        const fill = await ports.predict.sell(predictionSellOf(action, submissionId), submit);
        return predictionFillOutcome(fill, action.order.address, pusd);
      }
      case 'predictionRedeem': {
        const pusd = pusdToken(ports.tokens);
        const fill = await ports.predict.redeem(predictionRedeemOf(action, submissionId), submit);
        return predictionFillOutcome(fill, action.order.address, pusd);
      }
      default: {
        const unknownAction: never = action;
        throw new Error(`unknown action ${JSON.stringify(unknownAction)}`);
      }
    }
  } catch (error) {
    return submissionFailure(error);
  }
}

async function executeChainTx(
  action: Extract<CapturedAction, { kind: 'chain' }>,
  submissionId: string,
  ports: ExecutionPorts,
  submit: SubmitOptions,
): Promise<LegOutcome> {
  const tx = chainTxOf(action, submissionId);
  if (action.swap && tx.kind === 'swap') {
    // A swap already on chain is never judged by today's quote: that would report "no effect" for it.
    const known = await ports.chain.receiptBySubmission(submissionId);
    if (known) return chainReceiptOutcome(known);
    const belowFloor = await quoteFloorFailure(tx, action.swap, ports.quoter);
    if (belowFloor) return belowFloor;
  }
  return chainReceiptOutcome(await ports.chain.submit(tx, submit));
}
