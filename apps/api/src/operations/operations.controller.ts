import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBody,
  ApiExtraModels,
  ApiOperation,
  ApiParam,
  ApiResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Principal } from '@vetted/accounts';
import { NotFound, ValidationFailed } from '@vetted/kernel';
import type {
  AuditEntry,
  CreatedOperation,
  CreateRequest,
  OperationDocument,
  OperationOutcome,
  SuccessorOutcome,
} from '@vetted/operations';
import {
  ApproveOperationCommand,
  CreateOperationCommand,
  DiscardOperationCommand,
  ListOperationsQuery,
  NextOperationCommand,
  OperationAfterWriteQuery,
  OperationEventsQuery,
  RefreshOperationCommand,
  SettledOperationQuery,
} from '@vetted/operations';
import type { Page } from '@vetted/read-store';
import type { FastifyReply } from 'fastify';
import { ApiErrors, BODY_ERRORS } from '../http/api-errors';
import { PageParams } from '../http/page-params';
import { Bearer, CurrentPrincipal } from '../http/auth';
import { ReadYourWrites } from '../http/read-your-writes';
import { requestMetadata, type RequestMetadata } from '../http/request-metadata';
import { ApiNoBody, EmptyBody } from '../wallets/wallets.dto';
import { OperationIdPipe } from './operation-id.pipe';
import { OperationRenderer, type OperationResource } from './operation-renderer';
import {
  AuditPageView,
  CreateOperationBody,
  ListOperationsParams,
  OperationsPageView,
  RefreshOperationBody,
  ShapeAOperationView,
} from './operations.dto';
import { ShapeBOperationView } from './shape-b.views';
import { SHAPE_A_ARMS } from './shape-a.docs';
import { SHAPE_B_ARMS } from './shape-b.docs';

/** Shape B's approve runs the engine actions under the 30 s lifecycle deadline; a little more for the answer. */
const SYNCHRONOUS_APPROVAL_MS = 32_000;

/** Every operation answers in the shape it was created in (api-decisions §4). */
const EITHER_SHAPE = {
  oneOf: [{ $ref: getSchemaPath(ShapeAOperationView) }, { $ref: getSchemaPath(ShapeBOperationView) }],
};

@ApiTags('operations')
@ApiExtraModels(ShapeAOperationView, ShapeBOperationView)
@Controller('v1/operations')
export class OperationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly readYourWrites: ReadYourWrites,
    private readonly renderer: OperationRenderer,
  ) {}

  @Get()
  @Bearer()
  @ApiOperation({ summary: "The caller's operations, newest first" })
  @ApiResponse({ status: 200, type: OperationsPageView })
  @ApiErrors([400, 401])
  async list(
    @Query() params: ListOperationsParams,
    @CurrentPrincipal() principal: Principal,
  ): Promise<{ items: OperationResource[]; nextCursor: string | null }> {
    const page: Page<OperationDocument> = await this.queries.execute(
      new ListOperationsQuery(
        principal.userId,
        { state: params.state, kind: params.kind, walletId: params.walletId },
        params.cursor,
        params.limit ?? 50,
      ),
    );
    return { items: await this.renderer.renderAll(page.items), nextCursor: page.nextCursor };
  }

  @Post()
  @Bearer()
  @ApiExtraModels(...SHAPE_A_ARMS, ...SHAPE_B_ARMS)
  @ApiOperation({
    summary: 'Create a reviewed operation: quoted and captured, never executed',
    description:
      'Shape A: `{ idempotencyKey, operation }`, answered with the Shape A resource (`awaitingApproval`). Shape B: ' +
      '`{ idempotencyKey, intent }`, answered with the Shape B resource (`pending`, `approvalRequired: true`; an ' +
      'ERC-20 swap short of allowance comes back as a `tokenApproval` whose `continuation` names the swap). Both in ' +
      'one body: 400. The fresh quote is captured; approval executes exactly that. The same `idempotencyKey` with an ' +
      'identical request returns the original (200, `Idempotent-Replayed: true`, no re-quote); with a different one, 409.',
  })
  @ApiResponse({ status: 201, schema: EITHER_SHAPE, description: 'Created, in the shape of the request' })
  @ApiResponse({
    status: 200,
    schema: EITHER_SHAPE,
    description: 'A replay of the same key and request (`Idempotent-Replayed: true`)',
  })
  @ApiErrors([...BODY_ERRORS, 401, 403, 409, 503], {
    400:
      'VALIDATION_FAILED (with field paths), INSUFFICIENT_FUNDS (the wallet cannot fund it), QUOTE_BELOW_FLOOR, ' +
      'QUOTE_FAILED (no route or unquotable asset), PRICE_UNAVAILABLE, BELOW_MINIMUM_ORDER, BLOCKHASH_EXPIRED ' +
      '(a supplied Solana transaction whose blockhash is not recent)',
    409: 'IDEMPOTENCY_CONFLICT: the key was used with a different operation',
    503: 'QUOTE_UNAVAILABLE: the quote source did not answer; nothing was recorded, retry with the same key',
  })
  async create(
    @Body() body: CreateOperationBody,
    @CurrentPrincipal() principal: Principal,
    @requestMetadata() metadata: RequestMetadata,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OperationResource> {
    const created: CreatedOperation = await this.commands.execute(
      new CreateOperationCommand(
        principal.userId,
        principal.username,
        body.idempotencyKey,
        shapedRequest(body),
        metadata,
      ),
    );
    answerCreation(reply, created.replayed);
    return this.rendered(reply, created.operationId, created.outcome);
  }

  @Get(':operationId')
  @Bearer()
  @ApiOperation({ summary: 'One operation: the canonical poll address until a terminal state' })
  @ApiParam({ name: 'operationId', format: 'uuid' })
  @ApiResponse({ status: 200, schema: EITHER_SHAPE })
  @ApiErrors([400, 401, 404])
  async get(
    @Param('operationId', OperationIdPipe) operationId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<OperationResource> {
    return this.renderer.renderOwn(principal.userId, operationId);
  }

  @Get(':operationId/events')
  @Bearer()
  @ApiOperation({
    summary: "The operation's audit timeline: its own events in order",
    description:
      'What was quoted, approved, submitted and settled, with time, actor and position. Paged like every list ' +
      '(`limit` 1..100, default 50, opaque `cursor`), but oldest first: a timeline is read in order.',
  })
  @ApiParam({ name: 'operationId', format: 'uuid' })
  @ApiResponse({ status: 200, type: AuditPageView })
  @ApiErrors([400, 401, 404])
  async events(
    @Param('operationId', OperationIdPipe) operationId: string,
    @Query() params: PageParams,
    @CurrentPrincipal() principal: Principal,
  ): Promise<Page<AuditEntry>> {
    const page: Page<AuditEntry> | null = await this.queries.execute(
      new OperationEventsQuery(principal.userId, operationId, params.cursor, params.limit ?? 50),
    );
    if (!page) throw new NotFound(`operation ${operationId}`);
    return page;
  }

  @Post(':operationId/approve')
  @HttpCode(200)
  @Bearer()
  @ApiOperation({
    summary: 'Approve: the only step that moves money',
    description:
      'Shape A: returns the updated resource, normally `working` (poll GET until terminal). Shape B: runs the ' +
      'engine actions synchronously under the 30 s lifecycle deadline and returns `succeeded` or `failed` (past the ' +
      'deadline `failed` with `LIFECYCLE_TIMEOUT`; a receipt that settles later is still recorded). A repeat ' +
      'returns the current resource and never executes twice.',
  })
  @ApiParam({ name: 'operationId', format: 'uuid' })
  @ApiNoBody()
  @ApiResponse({ status: 200, schema: EITHER_SHAPE })
  @ApiErrors([...BODY_ERRORS, 401, 403, 404, 409], {
    400:
      'SOURCE_WALLET_UNAVAILABLE (archived or missing source wallet), RECIPIENT_WALLET_UNAVAILABLE (the own wallet ' +
      'it delivers to was archived since the review), NOT_APPROVABLE, or VALIDATION_FAILED (a bad id or body)',
    409: 'OPERATION_DISMISSED: a dismissed or canceled operation is no longer approvable',
  })
  async approve(
    @Param('operationId', OperationIdPipe) operationId: string,
    @Body() _body: EmptyBody,
    @CurrentPrincipal() principal: Principal,
    @requestMetadata() metadata: RequestMetadata,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OperationResource> {
    const outcome: OperationOutcome = await this.commands.execute(
      new ApproveOperationCommand(principal.userId, operationId, metadata),
    );
    if (outcome.state.status === 'none' || outcome.state.op.shape === 'A')
      return this.rendered(reply, operationId, outcome);
    // Shape B answers with the outcome: the engine actions run within the lifecycle deadline.
    await this.readYourWrites.afterCommand(reply, outcome.position);
    const settled: OperationDocument | null = await this.queries.execute(
      new SettledOperationQuery(principal.userId, operationId, SYNCHRONOUS_APPROVAL_MS),
    );
    if (!settled) throw new NotFound(`operation ${operationId}`);
    // It shows the executor's writes too: the position the read models have passed to show them.
    await this.readYourWrites.afterCommand(reply, null);
    return this.renderer.render(settled);
  }

  @Post(':operationId/discard')
  @HttpCode(200)
  @Bearer()
  @ApiOperation({ summary: 'Discard: the resource in `dismissed`; idempotent' })
  @ApiParam({ name: 'operationId', format: 'uuid' })
  @ApiNoBody()
  @ApiResponse({ status: 200, schema: EITHER_SHAPE })
  @ApiErrors([...BODY_ERRORS, 401, 403, 404, 409], {
    409:
      'ALREADY_EXECUTED: the operation was approved. OPERATION_SUPERSEDED: a refresh replaced it; the message ' +
      'names the fresh review, which is the one to discard',
  })
  async discard(
    @Param('operationId', OperationIdPipe) operationId: string,
    @Body() _body: EmptyBody,
    @CurrentPrincipal() principal: Principal,
    @requestMetadata() metadata: RequestMetadata,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OperationResource> {
    const outcome: OperationOutcome = await this.commands.execute(
      new DiscardOperationCommand(principal.userId, operationId, metadata),
    );
    return this.rendered(reply, operationId, outcome);
  }

  @Post(':operationId/next')
  @HttpCode(200)
  @Bearer()
  @ApiOperation({
    summary: "Prepare a succeeded prerequisite's continuation (Shape B)",
    description:
      'Prepares the successor once, freshly quoted (repeated calls return the same successor), and returns the ' +
      'prerequisite with `continuation.operation` filled. The successor needs its own approval.',
  })
  @ApiParam({ name: 'operationId', format: 'uuid' })
  @ApiNoBody()
  @ApiResponse({ status: 200, type: ShapeBOperationView })
  @ApiErrors([...BODY_ERRORS, 401, 403, 404, 409, 503], {
    400:
      'VALIDATION_FAILED (a bad id or body), SOURCE_WALLET_UNAVAILABLE / RECIPIENT_WALLET_UNAVAILABLE (a wallet ' +
      'of the operation was archived since), or the successor cannot be prepared now: INSUFFICIENT_FUNDS, ' +
      'QUOTE_FAILED, PRICE_UNAVAILABLE, ...',
    409: 'PREREQUISITE_NOT_SUCCEEDED: the prerequisite is pending or failed, or has no continuation',
    503: 'QUOTE_UNAVAILABLE: the quote source did not answer; nothing was recorded, retry',
  })
  async next(
    @Param('operationId', OperationIdPipe) operationId: string,
    @Body() _body: EmptyBody,
    @CurrentPrincipal() principal: Principal,
    @requestMetadata() metadata: RequestMetadata,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OperationResource> {
    const linked: SuccessorOutcome = await this.commands.execute(
      new NextOperationCommand(principal.userId, operationId, metadata),
    );
    await this.readYourWrites.afterCommand(reply, linked.successor.position);
    return this.rendered(reply, operationId, linked.operation);
  }

  @Post(':operationId/refresh')
  @Bearer()
  @ApiOperation({
    summary: 'A fresh review of a swap whose quote failed or can no longer execute',
    description:
      'Creates a new reviewed operation with a fresh quote (new id, `supersedes` pointing back); a repeat returns ' +
      'the same one (200, `Idempotent-Replayed: true`). An unapproved review that can no longer execute as ' +
      'captured (a fresh quote below its floor, an expired Solana blockhash) is closed (`canceled`) when its ' +
      'replacement is created.',
  })
  @ApiParam({ name: 'operationId', format: 'uuid' })
  @ApiBody({
    type: RefreshOperationBody,
    required: false,
    description: 'No body, `{}`, or a new `quoteFloor`',
  })
  @ApiResponse({
    status: 201,
    schema: EITHER_SHAPE,
    description: 'The fresh review, in the shape of the original',
  })
  @ApiResponse({
    status: 200,
    schema: EITHER_SHAPE,
    description: 'A repeat: the same fresh review (`Idempotent-Replayed: true`)',
  })
  @ApiErrors([...BODY_ERRORS, 401, 403, 404, 409, 503], {
    400:
      'VALIDATION_FAILED (a bad id or body; `quoteFloor` on anything but a Shape A swap), ' +
      'SOURCE_WALLET_UNAVAILABLE / RECIPIENT_WALLET_UNAVAILABLE (a wallet of the operation was archived since), ' +
      'or the fresh review cannot be prepared: INSUFFICIENT_FUNDS, QUOTE_BELOW_FLOOR (the fresh quote under the floor: give a new ' +
      '`quoteFloor`), QUOTE_FAILED, ...',
    409:
      'REFRESH_NOT_AVAILABLE: not a swap, or it did not fail at its quote and can still execute as reviewed. ' +
      'IDEMPOTENCY_CONFLICT: a repeat asking for another `quoteFloor` than the fresh review already made',
    503: 'QUOTE_UNAVAILABLE: the quote source did not answer; nothing was recorded, retry',
  })
  async refresh(
    @Param('operationId', OperationIdPipe) operationId: string,
    @Body() body: RefreshOperationBody,
    @CurrentPrincipal() principal: Principal,
    @requestMetadata() metadata: RequestMetadata,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OperationResource> {
    const refreshed: SuccessorOutcome = await this.commands.execute(
      new RefreshOperationCommand(principal.userId, operationId, metadata, body.quoteFloor ?? null),
    );
    answerCreation(reply, refreshed.successor.newEvents.length === 0);
    await this.readYourWrites.afterCommand(reply, refreshed.operation.position);
    return this.rendered(reply, refreshed.successorId, refreshed.successor);
  }

  private async rendered(
    reply: FastifyReply,
    operationId: string,
    outcome: OperationOutcome,
  ): Promise<OperationResource> {
    const doc = await this.readYourWrites.answer(
      reply,
      outcome,
      () =>
        this.queries.execute(
          new OperationAfterWriteQuery(operationId, outcome),
        ) as Promise<OperationDocument | null>,
    );
    if (!doc) throw new NotFound(`operation ${operationId}`);
    return this.renderer.render(doc);
  }
}

/** 201 for a new operation; 200 with `Idempotent-Replayed: true` when it was recorded before. */
function answerCreation(reply: FastifyReply, replayed: boolean): void {
  void reply.status(replayed ? 200 : 201);
  if (replayed) void reply.header('idempotent-replayed', 'true');
}

/** The body speaks Shape A (`operation`) or Shape B (`intent`), never both (api-decisions §4). */
function shapedRequest(body: CreateOperationBody): CreateRequest {
  if (body.operation !== undefined && body.intent !== undefined)
    throw ValidationFailed.field('intent', 'give either operation (Shape A) or intent (Shape B), not both');
  return body.intent !== undefined
    ? { shape: 'B', intent: body.intent }
    : { shape: 'A', operation: body.operation };
}
