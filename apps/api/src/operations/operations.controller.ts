import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiExtraModels, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Principal } from '@vetted/accounts';
import { CONFIG, type Config, NotFound } from '@vetted/kernel';
import type { AuditEntry, CreatedOperation, OperationDocument, OperationOutcome } from '@vetted/operations';
import {
  ApproveOperationCommand,
  CreateOperationCommand,
  DiscardOperationCommand,
  ListOperationsQuery,
  OperationAfterWriteQuery,
  OperationEventsQuery,
  OperationQuery,
  renderShapeA,
  type ShapeAResource,
} from '@vetted/operations';
import { explorerTxUrl } from '@vetted/platform';
import type { Page } from '@vetted/read-store';
import type { FastifyReply } from 'fastify';
import { ApiErrors, BODY_ERRORS } from '../http/api-errors';
import { Bearer, CurrentPrincipal } from '../http/auth';
import { ConsistentRead, ReadYourWrites } from '../http/read-your-writes';
import { requestMetadata, type RequestMetadata } from '../http/request-metadata';
import { EmptyBody } from '../wallets/wallets.dto';
import { OperationIdPipe } from './operation-id.pipe';
import {
  AuditEntryView,
  CreateOperationBody,
  ListOperationsParams,
  OperationsPageView,
  ShapeAOperationView,
} from './operations.dto';
import { SHAPE_A_ARMS } from './shape-a.docs';

@ApiTags('operations')
@Controller('v1/operations')
export class OperationsController {
  private readonly explorerUrl: (hash: string) => string;

  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly readYourWrites: ReadYourWrites,
    @Inject(CONFIG) config: Config,
  ) {
    this.explorerUrl = (hash) => explorerTxUrl(config, hash);
  }

  @Get()
  @Bearer()
  @ConsistentRead()
  @ApiOperation({ summary: "The caller's operations, newest first" })
  @ApiResponse({ status: 200, type: OperationsPageView })
  @ApiErrors([400, 401])
  async list(
    @Query() params: ListOperationsParams,
    @CurrentPrincipal() principal: Principal,
  ): Promise<{ items: ShapeAResource[]; nextCursor: string | null }> {
    const page: Page<OperationDocument> = await this.queries.execute(
      new ListOperationsQuery(
        principal.userId,
        { state: params.state, kind: params.kind, walletId: params.walletId },
        params.cursor,
        params.limit ?? 50,
      ),
    );
    return {
      items: page.items.map((doc) => renderShapeA(doc, this.explorerUrl)),
      nextCursor: page.nextCursor,
    };
  }

  @Post()
  @Bearer()
  @ApiExtraModels(...SHAPE_A_ARMS)
  @ApiOperation({
    summary: 'Create a reviewed operation: quoted and captured, never executed',
    description:
      'The fresh quote is captured into `request.actions`; approval executes exactly that. The same ' +
      '`idempotencyKey` with an identical `operation` returns the original (200, `Idempotent-Replayed: true`, no ' +
      're-quote); with a different one, 409.',
  })
  @ApiResponse({ status: 201, type: ShapeAOperationView })
  @ApiResponse({
    status: 200,
    type: ShapeAOperationView,
    description: 'A replay of the same key and request',
  })
  @ApiErrors([...BODY_ERRORS, 401, 409, 503], {
    400:
      'VALIDATION_FAILED (with field paths), INSUFFICIENT_FUNDS (the wallet cannot fund it), QUOTE_BELOW_FLOOR, ' +
      'QUOTE_FAILED (no route or unquotable asset), PRICE_UNAVAILABLE, BELOW_MINIMUM_ORDER',
    409: 'IDEMPOTENCY_CONFLICT: the key was used with a different operation',
    503: 'QUOTE_UNAVAILABLE: the quote source did not answer; nothing was recorded, retry with the same key',
  })
  async create(
    @Body() body: CreateOperationBody,
    @CurrentPrincipal() principal: Principal,
    @requestMetadata() metadata: RequestMetadata,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ShapeAResource> {
    const created: CreatedOperation = await this.commands.execute(
      new CreateOperationCommand(
        principal.userId,
        principal.username,
        body.idempotencyKey,
        body.operation,
        metadata,
      ),
    );
    void reply.status(created.replayed ? 200 : 201);
    if (created.replayed) void reply.header('idempotent-replayed', 'true');
    return this.rendered(reply, created.operationId, created.outcome);
  }

  @Get(':operationId')
  @Bearer()
  @ConsistentRead()
  @ApiOperation({ summary: 'One operation: the canonical poll address until a terminal state' })
  @ApiParam({ name: 'operationId', format: 'uuid' })
  @ApiResponse({ status: 200, type: ShapeAOperationView })
  @ApiErrors([400, 401, 404])
  async get(
    @Param('operationId', OperationIdPipe) operationId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<ShapeAResource> {
    const doc: OperationDocument | null = await this.queries.execute(
      new OperationQuery(principal.userId, operationId),
    );
    if (!doc) throw new NotFound(`operation ${operationId}`);
    return renderShapeA(doc, this.explorerUrl);
  }

  @Get(':operationId/events')
  @Bearer()
  @ApiOperation({
    summary: "The operation's audit timeline: its own events in order",
    description: 'What was quoted, approved, submitted and settled, with time, actor and position.',
  })
  @ApiParam({ name: 'operationId', format: 'uuid' })
  @ApiResponse({ status: 200, type: [AuditEntryView] })
  @ApiErrors([400, 401, 404])
  async events(
    @Param('operationId', OperationIdPipe) operationId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<AuditEntry[]> {
    const entries: AuditEntry[] | null = await this.queries.execute(
      new OperationEventsQuery(principal.userId, operationId),
    );
    if (!entries) throw new NotFound(`operation ${operationId}`);
    return entries;
  }

  @Post(':operationId/approve')
  @HttpCode(200)
  @Bearer()
  @ApiOperation({
    summary: 'Approve: the only step that moves money',
    description:
      'Returns the updated resource, normally `working`. A repeat returns the current resource and never executes twice.',
  })
  @ApiParam({ name: 'operationId', format: 'uuid' })
  @ApiResponse({ status: 200, type: ShapeAOperationView })
  @ApiErrors([...BODY_ERRORS, 401, 404, 409], {
    400: 'SOURCE_WALLET_UNAVAILABLE (archived or missing source wallet), NOT_APPROVABLE, or a bad id/body',
    409: 'OPERATION_DISMISSED: a dismissed or canceled operation is no longer approvable',
  })
  approve(
    @Param('operationId', OperationIdPipe) operationId: string,
    @Body() _body: EmptyBody,
    @CurrentPrincipal() principal: Principal,
    @requestMetadata() metadata: RequestMetadata,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ShapeAResource> {
    return this.decided(
      reply,
      operationId,
      new ApproveOperationCommand(principal.userId, operationId, metadata),
    );
  }

  @Post(':operationId/discard')
  @HttpCode(200)
  @Bearer()
  @ApiOperation({ summary: 'Discard: the resource in `dismissed`; idempotent' })
  @ApiParam({ name: 'operationId', format: 'uuid' })
  @ApiResponse({ status: 200, type: ShapeAOperationView })
  @ApiErrors([...BODY_ERRORS, 401, 404, 409], { 409: 'ALREADY_EXECUTED: the operation was approved' })
  discard(
    @Param('operationId', OperationIdPipe) operationId: string,
    @Body() _body: EmptyBody,
    @CurrentPrincipal() principal: Principal,
    @requestMetadata() metadata: RequestMetadata,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ShapeAResource> {
    return this.decided(
      reply,
      operationId,
      new DiscardOperationCommand(principal.userId, operationId, metadata),
    );
  }

  private async decided(reply: FastifyReply, operationId: string, command: object): Promise<ShapeAResource> {
    const outcome: OperationOutcome = await this.commands.execute(command);
    return this.rendered(reply, operationId, outcome);
  }

  private async rendered(
    reply: FastifyReply,
    operationId: string,
    outcome: OperationOutcome,
  ): Promise<ShapeAResource> {
    const [doc] = await Promise.all([
      this.queries.execute(
        new OperationAfterWriteQuery(operationId, outcome),
      ) as Promise<OperationDocument | null>,
      this.readYourWrites.afterCommand(reply, outcome.position),
    ]);
    if (!doc) throw new NotFound(`operation ${operationId}`);
    return renderShapeA(doc, this.explorerUrl);
  }
}
