import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PERMITS, type Permit, SUPPORT_READONLY } from '@vetted/accounts';
import { ArrayUnique, IsArray, IsIn, IsString, Matches } from 'class-validator';
import { BodyInteger } from '../http/body-integer';
import { OptionalField } from '../http/optional-field';
import { WalletView } from '../wallets/wallets.dto';

export class SignUpBody {
  @ApiProperty({
    example: 'alice_01',
    description: '3 to 32 letters, digits or underscores; unique case-insensitively',
  })
  @IsString()
  @Matches(/^[A-Za-z0-9_]{3,32}$/, { message: 'must be 3 to 32 letters, digits or underscores' })
  username!: string;
}

export class IssueTokenBody {
  @ApiPropertyOptional({
    enum: PERMITS,
    isArray: true,
    description: "A subset of the caller's permits; default: all of them",
  })
  @OptionalField()
  @IsArray()
  @ArrayUnique({ message: 'must not name a permit twice' })
  @IsIn(PERMITS, { each: true, message: `each value must be one of ${PERMITS.join(', ')}` })
  permits?: Permit[];

  @ApiPropertyOptional({ enum: [SUPPORT_READONLY], description: 'A read-only view for support staff' })
  @OptionalField()
  @IsIn([SUPPORT_READONLY])
  view?: typeof SUPPORT_READONLY;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 60,
    maximum: 43200,
    description: 'Lifetime in seconds; default 12 hours',
  })
  @OptionalField()
  @BodyInteger(60, 43_200)
  ttlSeconds?: number;
}

export class UserView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() username!: string;
}

export class TokenView {
  @ApiProperty({ description: 'Bearer token (HS256 JWT)' }) token!: string;
  @ApiProperty({ example: '2026-11-21T22:00:00.000Z' }) expiresAt!: string;
  @ApiProperty({ enum: PERMITS, isArray: true }) permits!: Permit[];
  // OpenAPI 3.0.3: a nullable enum lists null among its values.
  @ApiProperty({ enum: [SUPPORT_READONLY, null], nullable: true, type: String }) view!: string | null;
}

export class SignUpView {
  @ApiProperty() token!: string;
  @ApiProperty() expiresAt!: string;
  @ApiProperty({ type: UserView }) user!: UserView;
  @ApiProperty({ type: [WalletView] }) wallets!: WalletView[];
}
