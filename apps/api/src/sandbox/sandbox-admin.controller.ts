import { Body, Controller, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import {
  ApiExtraModels,
  ApiHeader,
  ApiOperation,
  ApiParam,
  ApiResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { NotFound, ValidationFailed } from '@vetted/kernel';
import { SANDBOX } from '@vetted/platform';
import { PriceRefused, type Sandbox } from '@vetted/sandbox';
import type { AssetId } from '@vetted/venues';
import { ApiErrors, BODY_ERRORS } from '../http/api-errors';
import { Public } from '../http/auth';
import { ClockBody, FaultBody, PriceBody, ResolveBody } from './sandbox.dto';
import { SandboxAdminGuard } from './sandbox-admin.guard';
import {
  ExpiredPriceView,
  InjectedFaultView,
  PredictionMarketView,
  SandboxClockView,
  SandboxPriceView,
} from './sandbox.views';

/** The admin routes authenticate with the `X-Sandbox-Admin` header, not a bearer token. */
const ADMIN_ERRORS = {
  400:
    'VALIDATION_FAILED (with `fields`), MALFORMED_JSON, or MALFORMED_REQUEST: the X-Sandbox-Admin header ' +
    'was sent more than once',
  401: 'UNAUTHENTICATED: the X-Sandbox-Admin header is missing or wrong',
};

/** Turns a sandbox refusal (a RangeError naming what is wrong) into a 400 on the given field. */
async function asValidation<T>(path: string, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof RangeError) throw ValidationFailed.field(path, error.message);
    throw error;
  }
}

/** Moves the simulated world: prices, faults, market resolution, time. Needs `X-Sandbox-Admin`. */
@ApiTags('sandbox')
@ApiHeader({ name: 'X-Sandbox-Admin', required: true, description: 'SANDBOX_ADMIN_TOKEN' })
@ApiExtraModels(SandboxPriceView, ExpiredPriceView)
@Controller('v1/sandbox')
@Public({ ownGuard: true })
@UseGuards(SandboxAdminGuard)
export class SandboxAdminController {
  constructor(@Inject(SANDBOX) private readonly sandbox: Sandbox) {}

  @Post('prices')
  @HttpCode(200)
  @ApiOperation({ summary: "Sets an asset's USD price, or with `expire: true` makes it expired" })
  @ApiResponse({
    status: 200,
    schema: { oneOf: [{ $ref: getSchemaPath(SandboxPriceView) }, { $ref: getSchemaPath(ExpiredPriceView) }] },
    description: 'The new price, or with `expire: true` `{ asset, expired: true }`',
  })
  @ApiErrors([...BODY_ERRORS, 401], ADMIN_ERRORS)
  async price(@Body() body: PriceBody): Promise<unknown> {
    const asset: AssetId = { network: body.network, token: body.asset === 'native' ? null : body.asset };
    return asValidation('asset', async () => {
      if (body.expire) {
        await this.sandbox.expirePrice(asset);
        return { asset, expired: true };
      }
      return this.sandbox.setPrice(asset, body.usd as string).catch((error: unknown) => {
        // The asset is fine; the price is not.
        if (error instanceof PriceRefused) throw ValidationFailed.field('usd', error.message);
        throw error;
      });
    });
  }

  @Post('faults')
  @HttpCode(201)
  @ApiOperation({ summary: 'The next `count` matching calls misbehave' })
  @ApiResponse({ status: 201, type: InjectedFaultView })
  @ApiErrors([...BODY_ERRORS, 401], ADMIN_ERRORS)
  fault(@Body() body: FaultBody): Promise<unknown> {
    return asValidation('mode', () => this.sandbox.injectFault(body));
  }

  @Post('markets/:id/resolve')
  @HttpCode(200)
  @ApiOperation({ summary: 'Resolves a prediction market to one of its outcomes' })
  @ApiParam({ name: 'id' })
  @ApiResponse({ status: 200, type: PredictionMarketView, description: 'The market, resolved' })
  @ApiErrors([...BODY_ERRORS, 401, 404], ADMIN_ERRORS)
  async resolve(@Param('id') id: string, @Body() body: ResolveBody): Promise<unknown> {
    if ((await this.sandbox.predict.market(id)) === null) throw new NotFound(`market ${id}`);
    return asValidation('outcome', () => this.sandbox.resolveMarket(id, body.outcome));
  }

  @Post('clock')
  @HttpCode(200)
  @ApiOperation({ summary: 'Moves sandbox time forward (prices walk, blocks settle, blockhashes expire)' })
  @ApiResponse({ status: 200, type: SandboxClockView })
  @ApiErrors([...BODY_ERRORS, 401], ADMIN_ERRORS)
  async clock(@Body() body: ClockBody): Promise<{ now: string }> {
    return { now: (await this.sandbox.advanceClock(body.advanceSeconds)).toISOString() };
  }
}
