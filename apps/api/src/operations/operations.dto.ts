import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { PageParams } from '../http/page-params';
import { WALLET_ID_MESSAGE } from '../http/body-integer';
import { QueryInteger } from '../http/query-integer';
import { extend, type FieldError, ValidationFailed } from '@vetted/kernel';
import { IsIn, IsObject, IsOptional, isUUID, IsString, IsUUID, MaxLength, ValidateIf } from 'class-validator';
import { OperationResultView } from './operation-result.view';
import { QuoteFloorDoc, shapeASchema } from './shape-a.docs';
import { readQuoteFloor, type QuoteFloor } from '@vetted/operations';
import { shapeBSchema } from './shape-b.docs';

export const OPERATION_STATES = [
  'awaitingApproval',
  'working',
  'done',
  'failed',
  'failed_before_effect',
  'dismissed',
  'canceled',
] as const;

export class ListOperationsParams extends PageParams {
  @ApiPropertyOptional({
    enum: OPERATION_STATES,
    description:
      "The lifecycle state, in Shape A's names, for operations of both shapes: a Shape B operation shown " +
      '`pending` is `awaitingApproval` or `working`, `succeeded` is `done`, `failed` is `failed` or ' +
      '`failed_before_effect`, `dismissed` is `dismissed` or `canceled`',
  })
  @IsOptional()
  @IsIn(OPERATION_STATES)
  state?: (typeof OPERATION_STATES)[number];

  @ApiPropertyOptional({
    example: 'action_sequence',
    description:
      'Shape A operations are `action_sequence`; a Shape B operation has its intent type (`swap`, `send`, ' +
      '`perpOrder`, `tokenApproval`, ...)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  kind?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'Only operations paid from this wallet' })
  @IsOptional()
  @QueryInteger(1, Number.MAX_SAFE_INTEGER, WALLET_ID_MESSAGE)
  walletId?: number;
}

export class OperationLegView {
  @ApiProperty({ type: 'integer' }) index!: number;
  @ApiProperty({ example: 'swap' }) kind!: string;
  @ApiProperty({ nullable: true, type: String }) network!: string | null;
  @ApiProperty({
    enum: ['pending', 'submitted', 'settled', 'reverted', 'failed', 'skipped'],
    description:
      '`pending`: not run yet; `skipped`: never run, and never will be (the operation failed before it, or was ' +
      'dismissed or canceled)',
  })
  status!: string;
  @ApiProperty({ nullable: true, type: String }) txHash!: string | null;
}

export class OperationProgressView {
  @ApiProperty({ type: [OperationLegView] }) legs!: OperationLegView[];
  @ApiProperty({ type: 'integer' }) completed!: number;
  @ApiProperty({ nullable: true, type: 'integer' }) total!: number | null;
}

export class OperationTxView {
  @ApiProperty() network!: string;
  @ApiProperty() hash!: string;
  @ApiProperty({ enum: ['success', 'reverted'] }) status!: string;
  @ApiProperty({ nullable: true, type: 'integer' }) blockNumber!: number | null;
  @ApiProperty() explorerUrl!: string;
}

export class OperationRequestView {
  @ApiProperty({ enum: ['actionSequence'] }) kind!: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'The exact structured intent' })
  creationRequest!: unknown;
  @ApiProperty({
    type: 'array',
    items: { type: 'object' },
    description: 'The reviewed, quoted actions captured at creation',
  })
  actions!: unknown[];
}

/** The refresh links of both shapes' resources (api-decisions section 5). */
export const SUPERSEDES_DOC = {
  nullable: true,
  type: String,
  format: 'uuid',
  example: null,
  description: 'The operation this one re-reviews with a fresh quote (`refresh`)',
};
export const SUPERSEDED_BY_DOC = {
  format: 'uuid',
  example: '8b2d4f61-0c3a-4e7b-a5d9-6f1e2c8b7a40',
  description: 'The fresh review that replaced this one (`refresh`)',
};

/** The operation resource, Shape A. */
export class ShapeAOperationView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ['action_sequence'] }) kind!: string;
  @ApiProperty({ enum: OPERATION_STATES }) state!: string;
  @ApiProperty({ type: OperationProgressView }) progress!: OperationProgressView;
  @ApiProperty({ type: [OperationTxView] }) txs!: OperationTxView[];
  @ApiPropertyOptional({ type: OperationResultView, description: 'Present when state is done' })
  result?: OperationResultView;
  @ApiPropertyOptional({ description: 'Present in failure states' }) error?: string;
  @ApiPropertyOptional({
    example: 'SUBMISSION_REJECTED',
    description:
      'On failure: LIFECYCLE_TIMEOUT, SUBMISSION_REJECTED, SUBMISSION_UNCERTAIN, TRANSACTION_REVERTED, ' +
      'QUOTE_BELOW_FLOOR, QUOTE_UNAVAILABLE, QUOTE_FAILED, SLIPPAGE_EXCEEDED, INSUFFICIENT_FUNDS, ' +
      'BLOCKHASH_EXPIRED, POSITION_CHANGED (since review: a whole-position close whose position grew, flipped or is ' +
      'gone; an open whose position is now on the other side or at another leverage; a partial reduction whose ' +
      'position shrank to its size or below, flipped or is gone), ' +
      'SOURCE_WALLET_UNAVAILABLE / RECIPIENT_WALLET_UNAVAILABLE (a wallet of the operation was archived before ' +
      'its approval was recorded, the approval having raced the archive)',
  })
  errorCode?: string;
  @ApiProperty({ type: OperationRequestView }) request!: OperationRequestView;
  @ApiProperty({ nullable: true, type: 'object', additionalProperties: true }) source!: unknown;
  @ApiProperty(SUPERSEDES_DOC) supersedes!: string | null;
  @ApiPropertyOptional(SUPERSEDED_BY_DOC) supersededBy?: string;
  @ApiProperty() createdAt!: string;
  @ApiProperty() updatedAt!: string;
}

export class OperationsPageView {
  @ApiProperty({
    type: 'array',
    items: {
      oneOf: [{ $ref: getSchemaPath(ShapeAOperationView) }, { $ref: getSchemaPath('ShapeBOperationView') }],
    },
    description: 'Each operation in the shape it was created in',
  })
  items!: unknown[];
  @ApiProperty({ nullable: true, type: String }) nextCursor!: string | null;
}

export class AuditActorView {
  @ApiProperty({
    enum: ['user', 'service'],
    description:
      "`user`: the owner's command (create, approve, discard, next, refresh); `service`: the executor's steps (every leg's submission, settlement and failure, and the terminal success or failure)",
  })
  kind!: 'user' | 'service';
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'The user whose command wrote it; null for the service',
  })
  userId!: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    description: "The command's X-Request-Id; null for the service",
  })
  requestId!: string | null;
}

/** What each event of an operation's timeline records (its `type`). */
const AUDIT_EVENT_TYPES =
  'What the event records. `OperationCreated`: the reviewed request and its quote (`request.actions`, ' +
  "as executed). `OperationApproved`, `OperationDismissed`: the owner's decision. `OperationCanceled`: " +
  'replaced by a refreshed review. `SuccessorPrepared`: a `next` or `refresh` operation made from this one. ' +
  '`LegSubmitted`: the intent to submit leg `leg` under `submissionId`, recorded before anything is sent ' +
  "(the approval records the first leg's), so that after a restart the service asks the venue for that id " +
  'instead of sending again; it does not say the leg was sent: a `LegFailed` with `effect: "none"` after it ' +
  'means the leg was refused before sending (its `error` says why, e.g. a quote under the floor). ' +
  "`LegSettled`: the leg's receipt. `LegFailed`: `code`, `error` and `effect` (`none`: nothing reached a " +
  'chain or venue; `possible`: it may still settle). `OperationSucceeded`, `OperationFailed`: the terminal ' +
  'state. `LateReceiptRecorded`, `LateDropRecorded`: what became of a leg after its operation failed with ' +
  'its outcome unknown.';

export class AuditEntryView {
  @ApiProperty({ example: 'OperationApproved', description: AUDIT_EVENT_TYPES }) type!: string;
  @ApiProperty({
    description:
      "When the event was recorded; the resource's times are those of the decision (`data.at`), which can be " +
      'a millisecond or so earlier',
  })
  at!: string;
  @ApiProperty({ type: 'integer' }) revision!: number;
  @ApiProperty({ description: 'The event position in $all' }) position!: string;
  @ApiProperty({ type: AuditActorView }) actor!: AuditActorView;
  @ApiProperty({ type: 'object', additionalProperties: true }) data!: unknown;
}

/** The audit timeline's page: api-decisions' list shape, but oldest first (a timeline is read in order). */
export class AuditPageView {
  @ApiProperty({ type: [AuditEntryView], description: "The operation's events, oldest first" })
  items!: AuditEntryView[];
  @ApiProperty({ nullable: true, type: String, description: 'The next (later) page; null at the last event' })
  nextCursor!: string | null;
}

export class CreateOperationBody {
  @ApiProperty({
    format: 'uuid',
    description: 'Client-generated; the same key and request return the same operation',
  })
  @IsUUID()
  idempotencyKey!: string;

  @ApiPropertyOptional(
    extend(shapeASchema, {
      description: 'Shape A: the structured intent, discriminated by `kind`. Give this or `intent`.',
    }),
  )
  @ValidateIf((body: CreateOperationBody) => body.intent === undefined)
  @IsObject()
  operation?: Record<string, unknown>;

  @ApiPropertyOptional(
    extend(shapeBSchema, {
      description:
        'Shape B: an intent, discriminated by `type` (api-decisions §6). Give this or `operation`.',
    }),
  )
  // Without either shape, only `operation` is refused (its message says to give one).
  @ValidateIf((body: CreateOperationBody) => body.operation === undefined && body.intent !== undefined)
  @IsObject()
  intent?: Record<string, unknown>;

  /**
   * The decorators above, as one plain function: creation is the hottest POST, and class-transformer
   * would deep-copy the whole intent only for the preparation to read it again (see SelfCheckingBody).
   */
  static checkBody(body: Record<string, unknown>): CreateOperationBody {
    const problems: FieldError[] = [];
    for (const key of Object.keys(body))
      if (!CREATE_FIELDS.has(key)) problems.push({ path: key, message: 'is not an allowed property' });
    if (typeof body.idempotencyKey !== 'string' || !isUUID(body.idempotencyKey))
      problems.push({ path: 'idempotencyKey', message: 'must be a UUID' });
    const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
    if (body.operation === undefined && body.intent === undefined)
      problems.push({
        path: 'operation',
        message: 'is required: give either operation (Shape A) or intent (Shape B)',
      });
    else if (body.intent === undefined && !isObject(body.operation))
      problems.push({ path: 'operation', message: 'must be an object' });
    else if (body.operation === undefined && !isObject(body.intent))
      problems.push({ path: 'intent', message: 'must be an object' });
    if (problems.length > 0) throw new ValidationFailed(problems);
    return Object.assign(new CreateOperationBody(), body);
  }
}

const CREATE_FIELDS = new Set(['idempotencyKey', 'operation', 'intent']);

/** POST /v1/operations/{id}/refresh: no body, or a Shape A swap's new quote floor. */
export class RefreshOperationBody {
  @ApiPropertyOptional({
    type: QuoteFloorDoc,
    description:
      "A Shape A swap's new floor for the fresh review (a creation, refused below its floor): without it the " +
      'original floor applies, so while the market stays under it the refresh answers QUOTE_BELOW_FLOOR',
  })
  quoteFloor?: QuoteFloor;

  /** Checked by the operations library's own reader, with the same field paths and messages. */
  static checkBody(body: Record<string, unknown>): RefreshOperationBody {
    const extra = Object.keys(body).filter((key) => key !== 'quoteFloor');
    if (extra.length > 0)
      throw new ValidationFailed(extra.map((path) => ({ path, message: 'is not an allowed property' })));
    const refresh = new RefreshOperationBody();
    if (Object.hasOwn(body, 'quoteFloor')) refresh.quoteFloor = readQuoteFloor(body.quoteFloor, 'quoteFloor');
    return refresh;
  }
}
