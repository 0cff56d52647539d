import { Body, Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { AccountOutcome, Principal } from '@vetted/accounts';
import {
  PERMITS,
  firstMissingPermit,
  SignUpCommand,
  TOKEN_SERVICE,
  TokenService,
  WalletsAfterWriteQuery,
} from '@vetted/accounts';
import { CONFIG, extend, NotFound, PermitRequired, type Config } from '@vetted/kernel';
import type { FastifyReply } from 'fastify';
import { ApiErrors, BODY_ERRORS } from '../http/api-errors';
import { Bearer, CurrentPrincipal, Public } from '../http/auth';
import { ReadYourWrites } from '../http/read-your-writes';
import { requestMetadata, type RequestMetadata } from '../http/request-metadata';
import type { WalletView } from '../wallets/wallets.dto';
import { IssueTokenBody, SignUpBody, SignUpView, TokenView } from './auth.dto';

@ApiTags('auth')
@Controller('v1/auth')
export class AuthController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly readYourWrites: ReadYourWrites,
    @Inject(TOKEN_SERVICE) private readonly tokens: TokenService,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Post('signup')
  @Public()
  @ApiOperation({
    summary: 'Create a user with its two signup wallets and get a bearer token carrying all four permits',
    description:
      'Enabled by AUTH_DEV_SIGNUP (on by default in the embedded sandbox). Emits `user_joined` in the feed.',
  })
  @ApiResponse({ status: 201, type: SignUpView })
  @ApiErrors([...BODY_ERRORS, 404, 409], { 404: 'NOT_FOUND: signup is disabled', 409: 'USERNAME_TAKEN' })
  async signUp(
    @Body() body: SignUpBody,
    @requestMetadata() metadata: RequestMetadata,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SignUpView> {
    if (!this.config.authDevSignup) throw new NotFound('signup');
    const outcome: AccountOutcome = await this.commands.execute(new SignUpCommand(body.username, metadata));
    if (outcome.state.status !== 'active') throw new Error('signup produced no account');
    const { userId, username } = outcome.state;
    const [issued, wallets] = await Promise.all([
      this.tokens.issue({ userId, username }, PERMITS),
      this.queries.execute(new WalletsAfterWriteQuery(outcome, [...outcome.state.wallets.keys()])) as Promise<
        WalletView[]
      >,
      this.readYourWrites.afterCommand(reply, outcome.position),
    ]);
    return { token: issued.token, expiresAt: issued.expiresAt, user: { id: userId, username }, wallets };
  }

  @Post('tokens')
  @HttpCode(201)
  @Bearer(null, { viewMayWrite: true })
  @ApiOperation({
    summary: "Mint a token for the caller's user with a subset of the caller's permits",
    description: 'This is how a support-readonly view is made. A token minted by a view stays a view.',
  })
  @ApiBody({
    type: IssueTokenBody,
    required: false,
    description: "Optional: no body mints the caller's own permits",
  })
  @ApiResponse({ status: 201, type: TokenView })
  @ApiErrors([...BODY_ERRORS, 401, 403], {
    403: "PERMIT_REQUIRED: a requested permit is not among the caller's",
  })
  async issueToken(
    @Body() body: IssueTokenBody,
    @CurrentPrincipal() principal: Principal,
  ): Promise<TokenView> {
    const permits = body.permits ?? [...principal.permits];
    const missing = firstMissingPermit(permits, principal.permits);
    if (missing) throw new PermitRequired(missing, `the caller's token does not carry ${missing}`);
    const view = principal.view ?? body.view ?? null;
    // A minted token never outlives the caller's: a short-lived token cannot renew itself.
    const issued = await this.tokens.issue(principal, permits, {
      view,
      ttlSeconds: body.ttlSeconds,
      notAfter: principal.expiresAt,
    });
    return extend(issued, { permits, view });
  }
}
