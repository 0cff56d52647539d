import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { AccountOutcome, CreatedWallet, Principal } from '@vetted/accounts';
import {
  ArchiveWalletCommand,
  CreateWalletCommand,
  ListWalletsQuery,
  ProposedWalletNameQuery,
  RefreshBalancesCommand,
  type RefreshQueued,
  RenameWalletCommand,
  WalletsAfterWriteQuery,
} from '@vetted/accounts';
import { RouteSchema } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { ApiErrors, BODY_ERRORS } from '../http/api-errors';
import { Bearer, CurrentPrincipal } from '../http/auth';
import { ReadYourWrites } from '../http/read-your-writes';
import { requestMetadata, type RequestMetadata } from '../http/request-metadata';
import { WalletIdPipe } from './wallet-id.pipe';
import {
  ApiNoBody,
  CreateWalletBody,
  EmptyBody,
  ListWalletsParams,
  ProposedNameParams,
  ProposedNameView,
  RefreshBody,
  RefreshQueuedView,
  RenameWalletBody,
  WALLET_LIST_ANSWER,
  WalletView,
} from './wallets.dto';

const NAME_RULES =
  'Names are trimmed and unique per user case-insensitively, archived wallets included, and cannot begin with "Predict - ".';

@ApiTags('wallets')
@Controller('v1/wallets')
export class WalletsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  @Get('list')
  @RouteSchema({ response: { 200: WALLET_LIST_ANSWER } })
  @Bearer()
  @ApiOperation({
    summary: "The caller's active wallets (or archived ones with archived=true), a bare array",
  })
  @ApiResponse({ status: 200, type: [WalletView] })
  @ApiErrors([400, 401])
  list(@Query() params: ListWalletsParams, @CurrentPrincipal() principal: Principal): Promise<WalletView[]> {
    return this.queries.execute(new ListWalletsQuery(principal.userId, params.archived === 'true'));
  }

  @Get('proposedName')
  @Bearer()
  @ApiOperation({
    summary: 'The name a new wallet of the family gets by default',
    description:
      '`EVM N` / `Solana N`, N one more than the active plus archived regular wallets of that family.',
  })
  @ApiResponse({ status: 200, type: ProposedNameView })
  @ApiErrors([400, 401])
  async proposedName(
    @Query() params: ProposedNameParams,
    @CurrentPrincipal() principal: Principal,
  ): Promise<ProposedNameView> {
    return { name: await this.queries.execute(new ProposedWalletNameQuery(principal.userId, params.family)) };
  }

  @Post()
  @Bearer('account.write')
  @ApiOperation({ summary: 'Create a wallet', description: NAME_RULES })
  @ApiResponse({ status: 201, type: WalletView })
  @ApiErrors([...BODY_ERRORS, 401, 403, 409], { 409: 'NAME_TAKEN' })
  async create(
    @Body() body: CreateWalletBody,
    @CurrentPrincipal() principal: Principal,
    @requestMetadata() metadata: RequestMetadata,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<WalletView> {
    const outcome: CreatedWallet = await this.commands.execute(
      new CreateWalletCommand(principal.userId, body.family, body.name ?? null, metadata),
    );
    return this.respond(reply, outcome, outcome.walletId);
  }

  @Post('refresh')
  @HttpCode(202)
  @Bearer('account.write')
  @ApiOperation({
    summary: 'Queue balance observations for one wallet, or for every active wallet with {}',
    description:
      '`walletIds` confirms queued observations, not completion: poll the wallet list for `refresh.status`, ' +
      'balances and failures. A change no service transaction explains shows as a `balance_change` in `scope=mine`.',
  })
  @ApiBody({
    type: RefreshBody,
    required: false,
    description: 'Optional: no body or `{}` refreshes every active wallet',
  })
  @ApiResponse({ status: 202, type: RefreshQueuedView })
  @ApiErrors([...BODY_ERRORS, 401, 403, 404, 409], {
    409: 'ENROLLMENT_MISSING: the wallet is not enrolled for observation (a deposit wallet is once deployed)',
  })
  async refresh(
    @Body() body: RefreshBody,
    @CurrentPrincipal() principal: Principal,
    @requestMetadata() metadata: RequestMetadata,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RefreshQueuedView> {
    const queued: RefreshQueued = await this.commands.execute(
      new RefreshBalancesCommand(principal.userId, body.walletId ?? null, metadata),
    );
    await this.readYourWrites.afterCommand(reply, queued.position);
    return { walletIds: queued.walletIds };
  }

  @Post(':id/rename')
  @HttpCode(200)
  @Bearer('account.write')
  @ApiOperation({
    summary: 'Rename a wallet',
    description: `${NAME_RULES} Deposit wallets cannot be renamed.`,
  })
  @ApiParam({ name: 'id', schema: { type: 'integer', minimum: 1 } })
  @ApiResponse({ status: 200, type: WalletView })
  @ApiErrors([...BODY_ERRORS, 401, 403, 404, 409], { 409: 'NAME_TAKEN' })
  async rename(
    @Param('id', WalletIdPipe) walletId: number,
    @Body() body: RenameWalletBody,
    @CurrentPrincipal() principal: Principal,
    @requestMetadata() metadata: RequestMetadata,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<WalletView> {
    const outcome: AccountOutcome = await this.commands.execute(
      new RenameWalletCommand(principal.userId, walletId, body.name, metadata),
    );
    return this.respond(reply, outcome, walletId);
  }

  @Post(':id/archive')
  @HttpCode(200)
  @Bearer('account.write')
  @ApiOperation({ summary: 'Archive a wallet (idempotent); its name stays reserved' })
  @ApiParam({ name: 'id', schema: { type: 'integer', minimum: 1 } })
  @ApiNoBody()
  @ApiResponse({ status: 200, type: WalletView })
  @ApiErrors([...BODY_ERRORS, 401, 403, 404])
  async archive(
    @Param('id', WalletIdPipe) walletId: number,
    @Body() _body: EmptyBody,
    @CurrentPrincipal() principal: Principal,
    @requestMetadata() metadata: RequestMetadata,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<WalletView> {
    const outcome: AccountOutcome = await this.commands.execute(
      new ArchiveWalletCommand(principal.userId, walletId, metadata),
    );
    return this.respond(reply, outcome, walletId);
  }

  private async respond(reply: FastifyReply, outcome: AccountOutcome, walletId: number): Promise<WalletView> {
    const [wallet] = await this.readYourWrites.answer(
      reply,
      outcome,
      () => this.queries.execute(new WalletsAfterWriteQuery(outcome, [walletId])) as Promise<WalletView[]>,
    );
    return wallet;
  }
}
