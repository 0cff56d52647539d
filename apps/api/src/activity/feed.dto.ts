import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageParams } from '../http/page-params';
import { FEED_KINDS, type FeedKind } from '@vetted/activity';
import { Transform } from 'class-transformer';
import { ActivityItemView } from './activity-item.views';
import { IsArray, IsIn, IsOptional } from 'class-validator';

export class FeedParams extends PageParams {
  @ApiPropertyOptional({
    enum: ['global', 'mine'],
    default: 'global',
    description: '`mine` needs a bearer token',
  })
  @IsOptional()
  @IsIn(['global', 'mine'])
  scope?: 'global' | 'mine';

  @ApiPropertyOptional({
    enum: FEED_KINDS,
    isArray: true,
    description: 'Repeat the parameter for several kinds',
  })
  @IsOptional()
  @Transform(({ value }) => (Array.isArray(value) ? value : [value]))
  @IsArray()
  @IsIn(FEED_KINDS, { each: true, message: `each value must be one of ${FEED_KINDS.join(', ')}` })
  kinds?: FeedKind[];
}

export class FeedActorView {
  @ApiProperty() username!: string;
}

export class FeedAgentView {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ description: "Whether the agent's page is publicly accessible" }) isLinkVisible!: boolean;
}

export class FeedEntryView {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: FEED_KINDS }) kind!: string;
  @ApiProperty({ example: '2026-11-21T10:00:00.000Z' }) createdAt!: string;
  @ApiProperty({ type: FeedActorView }) actor!: FeedActorView;
  @ApiPropertyOptional({ type: FeedAgentView }) agent?: FeedAgentView;
  @ApiPropertyOptional({
    type: ActivityItemView,
    description: 'The activity item, for transaction and balance entries',
  })
  activity?: ActivityItemView;
}

export class FeedPageView {
  @ApiProperty({ type: [FeedEntryView] }) entries!: FeedEntryView[];
  @ApiProperty({ nullable: true, type: String }) nextCursor!: string | null;
}
