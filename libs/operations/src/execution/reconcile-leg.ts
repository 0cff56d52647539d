import type { CapturedAction } from '../domain/actions';
import { chainReceiptOutcome } from './chain-receipt-outcome';
import type { ReconciliationPorts } from './execution-ports';
import type { LegOutcome } from './leg-outcome';
import { perpOrderOutcome } from './perp-order-outcome';
import { predictionFillOutcome, pusdToken } from './prediction-fill-outcome';
import { spotOrderOutcome } from './spot-order-outcome';

/**
 * What a leg's submission came to, looked up by its id (after a crash, a pending receipt or an
 * uncertain answer). Null: the venue never recorded it, so submitting it now under the same id is safe.
 */
export async function reconcileLeg(
  action: CapturedAction,
  submissionId: string,
  ports: ReconciliationPorts,
): Promise<LegOutcome | null> {
  switch (action.kind) {
    case 'chain': {
      const receipt = await ports.chain.receiptBySubmission(submissionId);
      return receipt && chainReceiptOutcome(receipt);
    }
    case 'perpOrder': {
      const result = await ports.perps.order(submissionId);
      return result && perpOrderOutcome(result, action.order.address);
    }
    case 'spotOrder': {
      const result = await ports.perps.spotOrder(submissionId);
      return result && spotOrderOutcome(result, action.order.address, ports.tokens);
    }
    case 'predictionBuy':
    case 'predictionSell':
    case 'predictionRedeem': {
      const fill = await ports.predict.order(submissionId);
      return fill && predictionFillOutcome(fill, action.order.address, pusdToken(ports.tokens));
    }
    default: {
      const unknownAction: never = action;
      throw new Error(`unknown action ${JSON.stringify(unknownAction)}`);
    }
  }
}
