import { ApiExtraModels, ApiProperty } from '@nestjs/swagger';
import { nullableRef } from '../http/nullable-ref';
import { AssetView } from '../http/asset.view';

/** The OpenAPI schema of an activity item (libs/activity's ActivityItem), shared by the feed and an operation's activity. */

export class AssetChangeView {
  @ApiProperty({
    example: '-12.5',
    description: 'Exact signed decimal; a fee, when known, is already included (never subtract it again)',
  })
  amount!: string;
  @ApiProperty({ example: '-12500000', description: 'The same in raw base units, signed' })
  amountRaw!: string;
  @ApiProperty() walletAddress!: string;
  @ApiProperty({ type: AssetView }) asset!: AssetView;
  @ApiProperty({
    nullable: true,
    type: 'object',
    properties: { usd: { type: 'string' } },
    description:
      'USD value of `amount`, to the cent, at the observed price (balance changes); null when no good price was known, and on operation items, which record no price at execution',
  })
  valuation!: { usd: string } | null;
  @ApiProperty({ nullable: true, type: String, description: 'Signed; null: the breakdown is unavailable' })
  feeAmount!: string | null;
  @ApiProperty({ enum: ['transfer', 'fee', 'balance'], description: '`fee`: a fee-only movement' })
  kind!: string;
}

export class ActivityReferenceView {
  @ApiProperty({ example: 'Transaction on base' }) label!: string;
  @ApiProperty({ nullable: true, type: String }) hash!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Explorer link; null when there is none' })
  url!: string | null;
}

export class ActivityRouteView {
  @ApiProperty({ example: 'base' }) source!: string;
  @ApiProperty({ example: 'arbitrum' }) destination!: string;
}

@ApiExtraModels(ActivityRouteView)
export class ActivityItemView {
  @ApiProperty({ example: 'send', description: 'The operation kind, or `balance_change` for an observation' })
  action!: string;
  @ApiProperty({ example: 'Sent 12.5 USDC' }) title!: string;
  @ApiProperty({ type: [String], example: ['base'] }) networks!: string[];
  @ApiProperty(
    nullableRef(ActivityRouteView, {
      description: 'Only with directional evidence: value left on the source and arrived on the destination',
    }),
  )
  route!: ActivityRouteView | null;
  @ApiProperty({
    nullable: true,
    type: Boolean,
    description: 'Null: no operation or receipt verdict (not pending, not failed)',
  })
  isSuccess!: boolean | null;
  @ApiProperty({ nullable: true, type: String }) error!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'The failure code' }) reason!: string | null;
  @ApiProperty({ type: [AssetChangeView] }) assetChanges!: AssetChangeView[];
  @ApiProperty({ type: [ActivityReferenceView] }) references!: ActivityReferenceView[];
  @ApiProperty({ nullable: true, type: String }) transactionHash!: string | null;
  @ApiProperty({ nullable: true, type: String }) transactionUrl!: string | null;
  @ApiProperty({ example: '2026-11-21T10:00:00.000Z', description: 'When it was observed or settled' })
  at!: string;
}
