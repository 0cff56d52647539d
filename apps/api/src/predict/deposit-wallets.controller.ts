import { Body, Controller, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { DepositWalletOutcome, Principal } from '@vetted/accounts';
import { CreateDepositWalletCommand, DepositWalletFailed, WalletsAfterWriteQuery } from '@vetted/accounts';
import type { FastifyReply } from 'fastify';
import { ApiErrors, BODY_ERRORS } from '../http/api-errors';
import { Bearer, CurrentPrincipal } from '../http/auth';
import { ReadYourWrites } from '../http/read-your-writes';
import { requestMetadata, type RequestMetadata } from '../http/request-metadata';
import { CreateDepositWalletBody, WalletView } from '../wallets/wallets.dto';

@ApiTags('wallets')
@Controller('v1/predict')
export class DepositWalletsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  @Post('deposit-wallets')
  @Bearer('wallet.sign')
  @ApiOperation({
    summary: "Deploy the prediction venue's deposit wallet for one of your EVM wallets",
    description:
      'Returns the deposit wallet (201 when this request deployed it, 200 when it existed). The same ' +
      '`idempotencyKey` for a duplicate delivery returns the same account (`Idempotent-Replayed: true`); after ' +
      'a failure, use a new key. An already deployed controller skips deployment. The deposit wallet has no ' +
      'name of its own: it reads as `Predict - <controller wallet name>`, following renames.',
  })
  @ApiResponse({ status: 201, type: WalletView })
  @ApiResponse({
    status: 200,
    type: WalletView,
    description: 'Already deployed, or a replay of the same key (`Idempotent-Replayed: true`)',
  })
  @ApiErrors([...BODY_ERRORS, 401, 403, 404, 409, 502], {
    400: 'VALIDATION_FAILED: the controller is not an active EVM wallet',
    404: 'NOT_FOUND: the controller wallet is not yours',
    409: 'IDEMPOTENCY_CONFLICT: the key was used for another controller wallet',
    502: 'DEPOSIT_WALLET_FAILED: the venue could not deploy it; the message carries its error',
  })
  async create(
    @Body() body: CreateDepositWalletBody,
    @CurrentPrincipal() principal: Principal,
    @requestMetadata() metadata: RequestMetadata,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<WalletView> {
    const result: DepositWalletOutcome = await this.commands
      .execute(
        new CreateDepositWalletCommand(
          principal.userId,
          body.controllerWalletId,
          // A UUID in either case is one key, as for operations.
          body.idempotencyKey?.toLowerCase() ?? null,
          metadata,
        ),
      )
      .catch(async (error: unknown) => {
        // A failed deployment is recorded too: its answer names where, as a success's does.
        if (error instanceof DepositWalletFailed)
          await this.readYourWrites.afterCommand(reply, error.position);
        throw error;
      });
    void reply.status(result.created ? 201 : 200);
    if (result.replayed) void reply.header('idempotent-replayed', 'true');
    // Read after the wait: the deployment's document also needs the request's own earlier event.
    const [wallet] = await this.readYourWrites.answer(
      reply,
      result.outcome,
      () =>
        this.queries.execute(new WalletsAfterWriteQuery(result.outcome, [result.walletId])) as Promise<
          WalletView[]
        >,
      { settled: true },
    );
    return wallet;
  }
}
