import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { QueryInteger } from './query-integer';

/** `limit` 1..100 (default 50) and an opaque `cursor`: the paging of every list the reference does not shape. */
export class PageParams {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, default: 50 })
  @IsOptional()
  @QueryInteger(1, 100)
  limit?: number;

  @ApiPropertyOptional({ description: "An opaque cursor from the previous page's nextCursor" })
  @IsOptional()
  @IsString()
  @MaxLength(512)
  cursor?: string;
}
