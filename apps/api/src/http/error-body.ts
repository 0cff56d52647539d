import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { FieldError } from '@vetted/kernel';

export class FieldErrorBody {
  @ApiProperty({ example: 'name' }) path!: string;
  @ApiProperty({ example: 'must not be empty' }) message!: string;
}

export class ErrorDetail {
  @ApiProperty({ example: 'VALIDATION_FAILED', description: 'UPPER_SNAKE error code' }) code!: string;
  @ApiProperty({ example: 'name: must not be empty' }) message!: string;
  @ApiPropertyOptional({ type: [FieldErrorBody], description: 'Only for VALIDATION_FAILED' })
  fields?: FieldErrorBody[];
}

/** The body of every 4xx and 5xx response. */
export class ErrorBody {
  @ApiProperty({ type: ErrorDetail }) error!: ErrorDetail;
  @ApiProperty({ example: '0b7c3c1e-2f0e-4c55-9d5b-0e1f2a3b4c5d' }) requestId!: string;
}

export function errorBody(requestId: string, code: string, message: string, fields?: FieldError[]) {
  return { error: fields ? { code, message, fields } : { code, message }, requestId };
}
