import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/** `limit` 1..100 (default 50) and an opaque `cursor`: the paging of every list the reference does not shape. */
export class PageParams {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, default: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @ApiPropertyOptional({ description: "An opaque cursor from the previous page's nextCursor" })
  @IsOptional()
  @IsString()
  @MaxLength(512)
  cursor?: string;
}
