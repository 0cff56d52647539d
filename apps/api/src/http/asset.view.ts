import { ApiProperty } from '@nestjs/swagger';

/** An asset as the API names it: a wallet balance's and an activity item's asset. */
export class AssetView {
  @ApiProperty({ example: 'base' }) network!: string;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'Contract address or mint; null for the native asset',
  })
  token!: string | null;
  @ApiProperty({ example: 'USDC' }) symbol!: string;
  @ApiProperty({ example: 6 }) decimals!: number;
}
