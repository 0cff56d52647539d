import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { NETWORKS, type Network } from '@vetted/venues';
import { Equals, IsIn, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { BodyInteger, WalletIdField } from '../http/body-integer';
import { OptionalField } from '../http/optional-field';

const DECIMAL = /^(0|[1-9][0-9]*)(\.[0-9]+)?$/;
const DECIMAL_MESSAGE = 'must be a positive exact decimal such as "1.5" (no sign, exponent or separators)';

export class FaucetBody {
  @ApiProperty({ type: 'integer', minimum: 1, description: 'One of your wallets' })
  @WalletIdField()
  walletId!: number;

  @ApiProperty({ enum: NETWORKS })
  @IsIn(NETWORKS)
  network!: Network;

  @ApiProperty({
    nullable: true,
    type: String,
    description:
      'As in GET /v1/sandbox/tokens: a contract address or mint, `USDC` on perps, null for the native asset',
  })
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(100)
  token!: string | null;

  @ApiProperty({ example: '100.5', maxLength: 100, description: 'Human units, an exact decimal' })
  @IsString()
  @MaxLength(100)
  @Matches(DECIMAL, { message: DECIMAL_MESSAGE })
  amount!: string;
}

export class PriceBody {
  @ApiProperty({ enum: NETWORKS }) @IsIn(NETWORKS) network!: Network;

  @ApiProperty({
    description: 'Contract address, mint, `native`, a perp coin on perps, or an outcome id on polygon',
  })
  @IsString()
  @MaxLength(100)
  asset!: string;

  @ApiPropertyOptional({
    example: '3012.55',
    maxLength: 100,
    description: 'The new USD price (omit with expire: true)',
  })
  @ValidateIf((body: PriceBody) => body.expire !== true)
  @IsString()
  @MaxLength(100)
  @Matches(DECIMAL, { message: DECIMAL_MESSAGE })
  usd?: string;

  @ApiPropertyOptional({ description: 'true: the price expires now, so preparation refuses it' })
  @OptionalField()
  @Equals(true)
  expire?: true;
}

export class FaultBody {
  @ApiProperty({ enum: ['submission', 'quote', 'depositWallet'] })
  @IsIn(['submission', 'quote', 'depositWallet'])
  target!: 'submission' | 'quote' | 'depositWallet';

  @ApiProperty({ enum: ['reject', 'uncertain', 'timeout', 'fail'] })
  @IsIn(['reject', 'uncertain', 'timeout', 'fail'])
  mode!: 'reject' | 'uncertain' | 'timeout' | 'fail';

  @ApiProperty({
    type: 'integer',
    minimum: 1,
    maximum: 1000,
    description: 'How many of the next matching calls misbehave',
  })
  @BodyInteger(1, 1000)
  count!: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: 86_400,
    description:
      '`timeout` mode: how many seconds of sandbox time after its submission a chain transaction lands ' +
      '(default 12; past the 30 s lifecycle deadline the operation fails with LIFECYCLE_TIMEOUT, and the late ' +
      'receipt is still recorded)',
  })
  @OptionalField()
  @BodyInteger(0, 86_400)
  landAfterSeconds?: number;
}

export class ResolveBody {
  @ApiProperty({ description: "The winning outcome's id (or its name)" })
  @IsString()
  @MaxLength(100)
  outcome!: string;
}

export class ClockBody {
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    maximum: 31536000,
    description: 'Moves sandbox time forward (seconds)',
  })
  @BodyInteger(0, 31_536_000)
  advanceSeconds!: number;
}

export class SandboxTransactionView {
  @ApiProperty() network!: string;
  @ApiProperty() hash!: string;
  @ApiProperty({ enum: ['pending', 'success', 'reverted', 'dropped'] }) status!: string;
  @ApiProperty({ description: 'The sandbox explorer page of the transaction' }) explorerUrl!: string;
}
