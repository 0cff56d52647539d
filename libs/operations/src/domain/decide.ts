import { extend } from '@vetted/kernel';
import type { OperationCommand } from './commands';
import {
  AlreadyExecuted,
  IdempotencyConflict,
  LegOutOfOrder,
  OperationNoLongerApprovable,
  OperationSuperseded,
  PrerequisiteNotSucceeded,
  RefreshNotAvailable,
  RecipientWalletUnavailable,
  SourceWalletUnavailable,
} from './errors';
import { submissionIdOf } from './actions';
import { deliveryAddress, recipientWalletOf } from './recipient-wallet';
import type { LegReceipt, OperationCreatedData, OperationEvent, OperationOutcomeFacts } from './events';
import type { ExistingOperation, OperationState } from './state';

/**
 * Shape A's table, and what execution makes of it. Creation records the quoted review; approval
 * is the only step towards money; the executor reports legs, and the decider alone says which
 * terminal state they lead to.
 */
export function decideOperation(command: OperationCommand, state: OperationState): OperationEvent[] {
  if (command.type === 'CreateOperation') {
    if (state.status === 'none') return [{ type: 'OperationCreated', data: command.data }];
    if (state.op.requestHash !== command.data.requestHash) throw new IdempotencyConflict();
    return [];
  }
  if (state.status === 'none') throw new LegOutOfOrder(`${command.type} on an operation that does not exist`);
  const operationId = state.op.operationId;
  const facts = (extra?: LegReceipt): OperationOutcomeFacts => {
    const { userId, username, walletId, kind, creationRequest } = state.op;
    const receipts = state.legs.flatMap((l) => (l.status === 'settled' ? [l.receipt] : []));
    return {
      userId,
      username,
      walletId,
      kind,
      creationRequest,
      receipts: extra ? [...receipts, extra] : receipts,
      ...parties(state.op),
    };
  };
  switch (command.type) {
    case 'ApproveOperation': {
      if (state.status === 'dismissed' || state.status === 'canceled')
        throw new OperationNoLongerApprovable(state.status);
      if (state.status !== 'awaitingApproval') return [];
      if (!command.data.sourceWalletActive) throw new SourceWalletUnavailable();
      if (command.data.recipientWalletActive === false) throw new RecipientWalletUnavailable();
      const approvedEvent: OperationEvent = {
        type: 'OperationApproved',
        data: { operationId, userId: command.data.userId, at: command.data.at },
      };
      // The approval records the intent to submit the first leg under its deterministic id: one
      // durable write less on the way to money, and the executor starts by asking the venue.
      if (state.op.actions.length === 0) return [approvedEvent];
      const submissionId = submissionIdOf(operationId, 0);
      return [
        approvedEvent,
        { type: 'LegSubmitted', data: { operationId, leg: 0, submissionId, at: command.data.at } },
      ];
    }
    case 'DiscardOperation': {
      const replacedBy = state.successors?.refresh;
      if (state.status === 'canceled' && replacedBy !== undefined) throw new OperationSuperseded(replacedBy);
      if (state.status === 'dismissed' || state.status === 'canceled') return [];
      if (state.status !== 'awaitingApproval') throw new AlreadyExecuted();
      return [
        {
          type: 'OperationDismissed',
          data: { operationId, userId: command.data.userId, at: command.data.at },
        },
      ];
    }
    case 'CancelOperation': {
      if (state.status !== 'awaitingApproval') return [];
      return [
        {
          type: 'OperationCanceled',
          data: { operationId, reason: command.data.reason, at: command.data.at },
        },
      ];
    }
    case 'RecordLegSubmitted': {
      const { leg, submissionId, at } = command.data;
      if (state.status !== 'working') return [];
      const current = state.legs[leg];
      if (current) {
        if (current.submissionId !== submissionId)
          throw new LegOutOfOrder(`leg ${leg} was submitted as ${current.submissionId}`);
        return [];
      }
      expectNextLeg(state, leg);
      return [{ type: 'LegSubmitted', data: { operationId, leg, submissionId, at } }];
    }
    case 'RecordLegSettled': {
      const { leg, submissionId, receipt, at } = command.data;
      if (state.status !== 'working' || state.legs[leg]?.status !== 'submitted') return [];
      const settled: OperationEvent = {
        type: 'LegSettled',
        data: { operationId, leg, submissionId, receipt, at },
      };
      if (receipt.status === 'reverted')
        return [
          settled,
          {
            type: 'OperationFailed',
            data: {
              operationId,
              outcome: 'failed',
              errorCode: 'TRANSACTION_REVERTED',
              // With the chain's reason, which only the explorer showed before (noted by a probe).
              error: `leg ${leg} reverted on ${receipt.network}${receipt.error ? `: ${receipt.error}` : ''}`,
              at,
              ...facts(receipt),
            },
          },
        ];
      const last = leg === state.op.actions.length - 1;
      if (last)
        return [settled, { type: 'OperationSucceeded', data: { operationId, at, ...facts(receipt) } }];
      const { nextSubmissionId } = command.data;
      return nextSubmissionId === undefined
        ? [settled]
        : [
            settled,
            { type: 'LegSubmitted', data: { operationId, leg: leg + 1, submissionId: nextSubmissionId, at } },
          ];
    }
    case 'RecordLegFailed': {
      const { leg, submissionId, code, error, effect, at } = command.data;
      if (state.status !== 'working') return [];
      const current = state.legs[leg];
      if (current && current.status !== 'submitted') return [];
      if (!current) expectNextLeg(state, leg);
      const earlierEffect = state.legs.some((l, i) => i !== leg && l.status === 'settled');
      const outcome = effect === 'none' && !earlierEffect ? 'failed_before_effect' : 'failed';
      return [
        { type: 'LegFailed', data: { operationId, leg, submissionId, code, error, effect, at } },
        { type: 'OperationFailed', data: { operationId, outcome, errorCode: code, error, at, ...facts() } },
      ];
    }
    case 'LinkSuccessor': {
      const { successorId, relation, at } = command.data;
      const linked = state.successors?.[relation];
      if (linked !== undefined) {
        if (linked !== successorId)
          throw new LegOutOfOrder(`${relation} successor is ${linked}, not ${successorId}`);
        return [];
      }
      const prepared: OperationEvent = {
        type: 'SuccessorPrepared',
        data: { operationId, successorId, relation, at },
      };
      if (relation === 'next') {
        if (!state.op.continuation)
          throw new PrerequisiteNotSucceeded('the operation has no continuation to advance to');
        if (state.status !== 'done')
          throw new PrerequisiteNotSucceeded(
            `the prerequisite is ${state.status === 'awaitingApproval' || state.status === 'working' ? 'pending' : state.status}; only a succeeded prerequisite advances to its continuation`,
          );
        return [prepared];
      }
      if (!isSwap(state.op))
        throw new RefreshNotAvailable('only a swap can be re-reviewed with a fresh quote');
      if (state.status === 'failed_before_effect' && REFRESHABLE_FAILURES.has(state.errorCode))
        return [prepared];
      if (state.status === 'awaitingApproval' && command.data.quoteStale)
        return [
          prepared,
          {
            type: 'OperationCanceled',
            data: { operationId, reason: `superseded by operation ${successorId}`, at },
          },
        ];
      throw new RefreshNotAvailable(
        state.status === 'awaitingApproval'
          ? 'the quote of this review can still execute; approve it, or discard it and create another'
          : `the operation is ${state.status}${'errorCode' in state ? ` (${state.errorCode})` : ''}; only a swap whose quote failed before any effect can be refreshed`,
      );
    }
    case 'RecordLateReceipt': {
      const { leg, submissionId, receipt, at } = command.data;
      if (state.status !== 'failed' || !outcomeUnknown(state, leg, submissionId)) return [];
      const failure = extend(facts(receipt), { errorCode: state.errorCode, error: state.error });
      return [
        { type: 'LateReceiptRecorded', data: { operationId, leg, submissionId, receipt, at, failure } },
      ];
    }
    case 'RecordLateDrop': {
      const { leg, submissionId, code, error, at } = command.data;
      if (!outcomeUnknown(state, leg, submissionId)) return [];
      return [{ type: 'LateDropRecorded', data: { operationId, leg, submissionId, code, error, at } }];
    }
    default: {
      const unknownCommand: never = command;
      return unknownCommand;
    }
  }
}

/** Failures at the quote bar (or of a quote's shelf life): a fresh quote may pass where this one did not. */
const REFRESHABLE_FAILURES = new Set([
  'QUOTE_BELOW_FLOOR',
  'QUOTE_UNAVAILABLE',
  'QUOTE_FAILED',
  'SLIPPAGE_EXCEEDED',
  'BLOCKHASH_EXPIRED',
]);

/** A swap in either shape: Shape B names its kind, Shape A's request says `kind: swap`. */
function isSwap(op: ExistingOperation['op']): boolean {
  if (op.shape === 'B') return op.kind === 'swap';
  return (op.creationRequest as { kind?: unknown } | null)?.kind === 'swap';
}

type Parties = Pick<
  OperationOutcomeFacts,
  'payer' | 'deliveredTo' | 'route' | 'venueTransfer' | 'swapSymbols' | 'approvedSymbol'
>;

/** Who pays, where a swap delivers when elsewhere, and a cross-network route, as the captured actions say. */
function parties(op: OperationCreatedData): Parties {
  const { actions, venueTransfer, swapSymbols, approvedSymbol } = op;
  // A swap's recipient elsewhere is its delivery; a send's or a value call's target is one when it
  // is one of the user's own wallets.
  const toOwnWallet = recipientWalletOf(op) !== undefined;
  let payer: string | null = null;
  let deliveredTo: string | null = null;
  let route: OperationOutcomeFacts['route'] = null;
  for (const action of actions) {
    if (action.kind === 'chain') {
      payer ??= action.tx.from;
      const to = deliveryAddress(action.tx);
      if (to !== null && (action.tx.kind === 'swap' || toOwnWallet)) deliveredTo = to;
      if (action.tx.kind === 'swap' && action.tx.assetOut.network !== action.tx.network)
        route = { source: action.tx.network, destination: action.tx.assetOut.network };
    } else payer ??= action.order.address;
  }
  // Recorded only when there is something to say, so other operations' events stay as they were.
  const facts: Parties = { payer, deliveredTo, route };
  if (venueTransfer) facts.venueTransfer = venueTransfer;
  if (swapSymbols) facts.swapSymbols = swapSymbols;
  if (approvedSymbol) facts.approvedSymbol = approvedSymbol;
  return facts;
}

/** Legs run one after another: a new leg starts only after every earlier one settled. */
function expectNextLeg(state: ExistingOperation, leg: number): void {
  if (
    leg !== state.legs.length ||
    leg >= state.op.actions.length ||
    state.legs.some((l) => l.status !== 'settled')
  )
    throw new LegOutOfOrder(
      `leg ${leg} cannot start: ${state.legs.length} of ${state.op.actions.length} legs started`,
    );
}

/** Whether the operation failed with this leg submitted under this id and its outcome still unknown. */
function outcomeUnknown(state: OperationState, leg: number, submissionId: string): boolean {
  if (state.status !== 'failed') return false;
  const current = state.legs[leg];
  if (current?.status !== 'submitted' && !(current?.status === 'failed' && current.effect === 'possible'))
    return false;
  return current.submissionId === submissionId;
}
