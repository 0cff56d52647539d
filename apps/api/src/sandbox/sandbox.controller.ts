import { Body, Controller, Get, Headers, Inject, Param, Post, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiExtraModels, ApiOperation, ApiParam, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { Principal, WalletDocument } from '@vetted/accounts';
import { OwnedWalletQuery } from '@vetted/accounts';
import { CONFIG, type Config, NotFound, ValidationFailed } from '@vetted/kernel';
import { explorerTxUrl, SANDBOX } from '@vetted/platform';
import { FaucetRefused, type Sandbox } from '@vetted/sandbox';
import { addressFamily, parseUnits, type TokenInfo } from '@vetted/venues';
import type { FastifyReply } from 'fastify';
import { ApiErrors, BODY_ERRORS } from '../http/api-errors';
import { AssetView } from '../http/asset.view';
import { Bearer, CurrentPrincipal, Public } from '../http/auth';
import { explorerPage } from './explorer-page';
import { FaucetBody, SandboxTransactionView } from './sandbox.dto';
import { ExplorerTransactionView, PredictionMarketView } from './sandbox.views';

const HASH = /^(0x[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{43,90})$/;

/** The sandbox's public surface: its tokens and markets, the faucet, and the explorer page. */
@ApiTags('sandbox')
@ApiExtraModels(SandboxTransactionView, ExplorerTransactionView)
@Controller('v1/sandbox')
export class SandboxController {
  constructor(
    @Inject(SANDBOX) private readonly sandbox: Sandbox,
    @Inject(CONFIG) private readonly config: Config,
    private readonly queries: QueryBus,
  ) {}

  @Get('tokens')
  @Public()
  @ApiOperation({
    summary: 'The token registry: `[{ network, token, symbol, decimals }]`, token null for native',
  })
  @ApiResponse({ status: 200, type: [AssetView] })
  tokens(): TokenInfo[] {
    return this.sandbox.tokens();
  }

  @Get('markets')
  @Public()
  @ApiOperation({ summary: 'Prediction markets with their outcome assets and prices' })
  @ApiResponse({ status: 200, type: [PredictionMarketView] })
  markets(): Promise<unknown> {
    return this.sandbox.markets();
  }

  @Post('faucet')
  @Bearer()
  @ApiOperation({
    summary: 'An external deposit into one of your wallets',
    description: 'It shows up in the wallet (and as a `balance_change`) after a refresh.',
  })
  @ApiResponse({ status: 201, type: SandboxTransactionView })
  @ApiErrors([...BODY_ERRORS, 401, 403, 404], { 404: 'NOT_FOUND: the wallet is not yours' })
  async faucet(
    @Body() body: FaucetBody,
    @CurrentPrincipal() principal: Principal,
  ): Promise<SandboxTransactionView> {
    const wallet: WalletDocument | null = await this.queries.execute(
      new OwnedWalletQuery(principal.userId, body.walletId),
    );
    if (!wallet) throw new NotFound(`wallet ${body.walletId}`);
    if (!wallet.address) throw ValidationFailed.field('walletId', 'the deposit wallet is not deployed yet');
    if (addressFamily(body.network) !== wallet.family)
      throw ValidationFailed.field(
        'network',
        `a ${wallet.family} wallet does not hold assets on ${body.network}`,
      );
    const token = this.sandbox
      .tokens()
      .find((t) => t.network === body.network && sameToken(t.token, body.token));
    if (!token)
      throw ValidationFailed.field('token', `is not a token on ${body.network} (see GET /v1/sandbox/tokens)`);
    let amountRaw: bigint;
    try {
      amountRaw = parseUnits(body.amount, token.decimals);
    } catch {
      throw ValidationFailed.field('amount', `${token.symbol} has ${token.decimals} decimals`);
    }
    if (amountRaw <= 0n) throw ValidationFailed.field('amount', 'must be more than zero');
    const receipt = await this.sandbox
      .faucet(body.network, wallet.address, token.token, amountRaw)
      .catch((error: unknown) => {
        if (error instanceof FaucetRefused) throw ValidationFailed.field('amount', error.message);
        throw error;
      });
    return {
      network: receipt.network,
      hash: receipt.hash,
      status: receipt.status,
      explorerUrl: explorerTxUrl(this.config, receipt.hash),
    };
  }

  @Get('explorer/tx/:hash')
  @Public()
  @ApiOperation({
    summary: 'A sandbox transaction: an HTML page for people, JSON with `Accept: application/json`',
  })
  @ApiParam({ name: 'hash' })
  @ApiResponse({
    status: 200,
    description: 'The explorer page (text/html), or the transaction with `Accept: application/json`',
    content: {
      'text/html': { schema: { type: 'string' } },
      'application/json': { schema: { $ref: getSchemaPath(ExplorerTransactionView) } },
    },
  })
  @ApiErrors([400, 404])
  async explorer(
    @Param('hash') hash: string,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    if (!HASH.test(hash)) throw ValidationFailed.field('hash', 'is not a transaction hash');
    const tx = await this.sandbox.transaction(hash);
    if (!tx) throw new NotFound(`transaction ${hash}`);
    // The answer depends on Accept, so a cache keys it by Accept too. Media types compare case-insensitively.
    void reply.header('vary', 'Accept');
    if (accept?.toLowerCase().includes('application/json')) return tx;
    void reply.header('content-type', 'text/html; charset=utf-8');
    return explorerPage(tx);
  }
}

function sameToken(registered: string | null, given: string | null): boolean {
  if (registered === null || given === null) return registered === given;
  return registered.startsWith('0x')
    ? registered.toLowerCase() === given.toLowerCase()
    : registered === given;
}
