import { ApiProperty, ApiPropertyOptional, type SchemaObject } from '@nestjs/swagger';
import { EVM_NETWORKS, NETWORKS } from '@vetted/venues';

/**
 * What the Shape B intent arms share: the common fields, the asset sides each arm accepts, and the
 * wording of the grammar rules (reference "Intent rules, Shape B"). Documentation only: the checking
 * is `readShapeBIntent`, which reports problems by field path (`intent.amount`).
 */

export const EXAMPLE = {
  evmRecipient: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  spender: '0x1111111254EEB25477B68fb85Ed929f73A960582',
  usdcBase: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  solanaWallet: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
  solanaRecipient: 'DRpbCBMxVnDK7maPM5tGv6MvB3v1sRMC86PZ8okm21hy',
  // The sandbox's first market's Yes outcome (GET /v1/sandbox/markets).
  outcome: '30559220331424058982444375425308616152209089884835854474872586834168184678213',
} as const;

export const DECIMAL_RULE =
  'A human decimal: digits with an optional fraction; trailing zeroes are fine ("0.50", "1.0"); no sign, ' +
  'exponent, separators or leading zeroes; a positive amount refuses zero in every spelling ("0", "0.00").';

export const USD_SIZING_RULE =
  "USD sizing is resolved at preparation from the service's current price reader (the caller supplies " +
  'no valuation); a missing or expired price refuses preparation (PRICE_UNAVAILABLE). Approval executes ' +
  'the exact token amount prepared.';

export const RECIPIENT_RULE =
  'All-lowercase (or all-uppercase) hex is accepted and returned EIP-55 checksummed; mixed case must ' +
  'already be the exact EIP-55 checksum (it is never corrected).';

export const VENUE_ORDER_RULE =
  'Immediate-or-cancel: the order may fill in part or not at all; the limit price is never widened and ' +
  'nothing is resubmitted. The review pins the venue-rounded limit (buys round down, sells round up); ' +
  'the 10-quote-unit minimum applies to the rounded size times the limit (BELOW_MINIMUM_ORDER).';

/** Decimal grammar patterns (zero is refused by the reader, not by the pattern). */
export const DECIMAL_PATTERN = '^(0|[1-9][0-9]*)(\\.[0-9]+)?$';
export const DECIMAL_OR_MAX_PATTERN = '^(max|(0|[1-9][0-9]*)(\\.[0-9]+)?)$';
/** A positive raw integer in base units: digits, no leading zero, no fraction. */
export const POSITIVE_RAW_PATTERN = '^[1-9][0-9]*$';

/** `slippage` of swaps and perp-venue orders (rule 14). */
export function slippageProperty(bounds: string) {
  return ApiPropertyOptional({
    type: String,
    nullable: true,
    default: '1',
    pattern: '^(0|[1-9][0-9]?)(\\.[0-9]+)?$',
    example: '0.5',
    description:
      `Decimal percentage string, at least 0 and below 100; omitted or null: "1" (1%). ${bounds} ` +
      'Same grammar as amounts (no sign, exponent or leading zeroes).',
  });
}

/** Rules 3 and 4: the four amount forms of swaps and sends. */
export const AMOUNT_SCHEMA: { oneOf: SchemaObject[] } = {
  oneOf: [
    {
      type: 'string',
      pattern: DECIMAL_OR_MAX_PATTERN,
      description: 'An exact human decimal, or "max" (the live balance at preparation)',
      example: '1.5',
    },
    {
      type: 'object',
      required: ['percentOfBalance'],
      additionalProperties: false,
      properties: {
        percentOfBalance: {
          type: 'string',
          example: '25',
          description: 'A percentage of the live balance, above 0 and at most 100 ("100.00" included)',
        },
      },
    },
    {
      type: 'object',
      required: ['valueUsd'],
      additionalProperties: false,
      properties: {
        valueUsd: { type: 'string', example: '10.50', description: 'A positive USD value' },
      },
    },
  ],
};

/** Every intent: `walletId`, and an optional provenance URL. */
export class IntentBaseDoc {
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    example: 3,
    description: 'The paying/signing wallet (rule 1), from the wallet list; ownership is verified',
  })
  walletId!: number;

  @ApiPropertyOptional({
    format: 'uri',
    maxLength: 2048,
    example: 'https://app.uniswap.org/swap',
    description: 'Provenance only, never authorization (rule 7): an http(s) URL, kept verbatim',
  })
  sourceUrl?: string;
}

const NATIVE_OR_TOKEN =
  '`"native"` for the network\'s native token; an EVM token contract (any hex casing: normalised to ' +
  'EIP-55); or a Solana mint (base58, case-sensitive, verbatim).';

export class TradableAssetDoc {
  @ApiProperty({ enum: NETWORKS.filter((n) => n !== 'perps'), example: 'base' }) network!: string;
  @ApiProperty({ example: EXAMPLE.usdcBase, description: NATIVE_OR_TOKEN }) asset!: string;
}

export class SendableAssetDoc {
  @ApiProperty({ enum: NETWORKS, example: 'base' }) network!: string;
  @ApiProperty({
    example: 'native',
    description: `${NATIVE_OR_TOKEN} On \`perps\`: a venue coin (\`"USDC"\`).`,
  })
  asset!: string;
}

export class PerpCoinAssetDoc {
  @ApiProperty({ enum: ['perps'], example: 'perps' }) network!: string;
  @ApiProperty({ example: 'SOL', maxLength: 200, description: 'The venue-verbatim coin id' }) asset!: string;
}

export class EvmTokenAssetDoc {
  @ApiProperty({ enum: EVM_NETWORKS, example: 'base' }) network!: string;
  @ApiProperty({
    pattern: '^0x[0-9a-fA-F]{40}$',
    example: EXAMPLE.usdcBase,
    description: 'The ERC-20 contract; any hex casing, normalised to EIP-55 (rule 6). Not `"native"`.',
  })
  asset!: string;
}

export class PredictionOutcomeDoc {
  @ApiProperty({ enum: ['polygon'], example: 'polygon' }) network!: string;
  @ApiProperty({
    pattern: '^(0|[1-9][0-9]*)$',
    example: EXAMPLE.outcome,
    description: "The outcome's share token id (ERC-1155, decimal digits): GET /v1/sandbox/markets",
  })
  asset!: string;
}
