import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiProperty, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Principal } from '@vetted/accounts';
import { type ActivityItem, OperationActivityQuery, ReadFeedQuery } from '@vetted/activity';
import { IsUUID } from 'class-validator';
import { NotFound, Unauthenticated } from '@vetted/kernel';
import { ApiErrors } from '../http/api-errors';
import { ActivityItemView } from './activity-item.views';
import { Bearer, CurrentPrincipal, OptionalBearer } from '../http/auth';
import { FeedPageView, FeedParams } from './feed.dto';

const SCOPE_MINE_NEEDS_TOKEN = 'scope=mine needs a valid bearer token';

class OperationActivityParams {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  operationId!: string;
}

@ApiTags('activity')
@Controller('v1/activity')
export class FeedController {
  constructor(private readonly queries: QueryBus) {}

  @Get('operation')
  @Bearer()
  @ApiOperation({
    summary: "An operation's activity item",
    description:
      'The same item as in the feed: exact signed amounts (fees already included), references to every receipt ' +
      'with explorer links, a route only with directional evidence. 404 for an operation that is not yours, or that ' +
      'never reached a chain.',
  })
  @ApiResponse({ status: 200, type: ActivityItemView })
  @ApiErrors([400, 401, 404])
  async operation(
    @Query() params: OperationActivityParams,
    @CurrentPrincipal() principal: Principal,
  ): Promise<ActivityItem> {
    const item: ActivityItem | null = await this.queries.execute(
      new OperationActivityQuery(principal.userId, params.operationId.toLowerCase()),
    );
    if (!item) throw new NotFound(`activity of operation ${params.operationId}`);
    return item;
  }

  @Get('feed')
  @OptionalBearer({ when: (query) => query.scope === 'mine', message: SCOPE_MINE_NEEDS_TOKEN })
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
    if (scope === 'mine' && !principal) throw new Unauthenticated(SCOPE_MINE_NEEDS_TOKEN);
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
