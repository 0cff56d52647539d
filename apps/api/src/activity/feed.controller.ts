import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Principal } from '@vetted/accounts';
import { ReadFeedQuery } from '@vetted/activity';
import { Unauthenticated } from '@vetted/kernel';
import { ApiErrors } from '../http/api-errors';
import { CurrentPrincipal, OptionalBearer } from '../http/auth';
import { ConsistentRead } from '../http/read-your-writes';
import { FeedPageView, FeedParams } from './feed.dto';

@ApiTags('activity')
@Controller('v1/activity')
export class FeedController {
  constructor(private readonly queries: QueryBus) {}

  @Get('feed')
  @OptionalBearer()
  @ConsistentRead()
  @ApiOperation({
    summary: 'The activity feed, newest first',
    description:
      "`scope=global` (the default) is public. `scope=mine` needs a bearer token and returns the caller's own " +
      'entries, including balance observations that the global feed leaves out.',
  })
  @ApiResponse({ status: 200, type: FeedPageView })
  @ApiErrors([400, 401], { 401: 'UNAUTHENTICATED: scope=mine without a valid bearer token' })
  feed(@Query() params: FeedParams, @CurrentPrincipal() principal: Principal | null): Promise<FeedPageView> {
    const scope = params.scope ?? 'global';
    if (scope === 'mine' && !principal) throw new Unauthenticated('scope=mine needs a valid bearer token');
    return this.queries.execute(
      new ReadFeedQuery({
        scope,
        userId: principal?.userId ?? null,
        kinds: params.kinds ?? [],
        cursor: params.cursor,
        limit: params.limit ?? 50,
      }),
    );
  }
}
