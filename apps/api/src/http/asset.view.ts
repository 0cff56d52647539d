import { ApiProperty } from '@nestjs/swagger';

/** An asset as the API names it: a wallet balance's, an activity item's, and a sandbox token registry entry. */
export class AssetView {
  @ApiProperty({ example: 'base' }) network!: string;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'Contract address or mint; null for the native asset',
  })
  token!: string | null;
  @ApiProperty({ example: 'USDC' }) symbol!: string;
  @ApiProperty({ type: 'integer', example: 6 }) decimals!: number;
}
