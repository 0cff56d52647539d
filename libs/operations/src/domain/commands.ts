import type { LegEffect, LegReceipt, OperationCreatedData, SuccessorRelation } from './events';

export type OperationCommand =
  | { type: 'CreateOperation'; data: OperationCreatedData }
  /**
   * `sourceWalletActive`: the handler looked the paying wallet up (archived or missing: false);
   * `recipientWalletActive`: the same for the caller's wallet it delivers to, when there is one.
   */
  | {
      type: 'ApproveOperation';
      data: { userId: string; sourceWalletActive: boolean; recipientWalletActive?: boolean; at: string };
    }
  | { type: 'DiscardOperation'; data: { userId: string; at: string } }
  | { type: 'CancelOperation'; data: { reason: string; at: string } }
  /** `quoteStale`: for a refresh of an unapproved review, the handler found its quote can no longer execute. */
  | {
      type: 'LinkSuccessor';
      data: { successorId: string; relation: SuccessorRelation; quoteStale?: boolean; at: string };
    }
  | {
      type: 'RecordLateReceipt';
      data: { leg: number; submissionId: string; receipt: LegReceipt; at: string };
    }
  /** The leg a deadline cut off was dropped: it will not land (its failure, with no effect). */
  | {
      type: 'RecordLateDrop';
      data: { leg: number; submissionId: string; code: string; error: string; at: string };
    }
  | { type: 'RecordLegSubmitted'; data: { leg: number; submissionId: string; at: string } }
  /**
   * `nextSubmissionId`: the executor's intent to submit the following leg under that id, recorded
   * with this leg's settlement in one append (one durable write less per leg).
   */
  | {
      type: 'RecordLegSettled';
      data: { leg: number; submissionId: string; receipt: LegReceipt; at: string; nextSubmissionId?: string };
    }
  | {
      type: 'RecordLegFailed';
      data: {
        leg: number;
        submissionId: string | null;
        code: string;
        error: string;
        effect: LegEffect;
        at: string;
      };
    };
