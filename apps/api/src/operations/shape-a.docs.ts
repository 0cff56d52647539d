import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { DECIMAL_OR_MAX_PATTERN, DECIMAL_PATTERN, POSITIVE_RAW_PATTERN } from './shape-b-fields.docs';

/** Documentation of the Shape A request arms (validation itself is done by preparation, with field paths). */
class AssetSideDoc {
  @ApiProperty({ enum: ['ethereum', 'base', 'arbitrum', 'polygon', 'solana', 'perps'] }) network!: string;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'Contract address or mint; null for the native asset',
  })
  token!: string | null;
}

export class QuoteFloorDoc {
  @ApiProperty({
    pattern: POSITIVE_RAW_PATTERN,
    example: '1000000',
    description: 'Raw base units sold (positive)',
  })
  sellRaw!: string;
  @ApiProperty({
    pattern: POSITIVE_RAW_PATTERN,
    example: '330000000000000',
    description: 'Raw base units received at the worst accepted rate (positive)',
  })
  receiveRaw!: string;
}

class SwapIntentDoc {
  @ApiProperty({ type: AssetSideDoc }) from!: AssetSideDoc;
  @ApiProperty({ type: AssetSideDoc }) to!: AssetSideDoc;
  @ApiProperty({
    pattern: DECIMAL_OR_MAX_PATTERN,
    example: '1.5',
    description: 'Positive human decimal or `max` (resolved from the live balance at creation)',
  })
  amount!: string;
  @ApiProperty({
    type: QuoteFloorDoc,
    description: 'Creation is refused (QUOTE_BELOW_FLOOR) below this rate; enforced again at execution',
  })
  quoteFloor!: QuoteFloorDoc;
  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'Deliver to another of your wallets' })
  toWalletId?: number;
}

class SendIntentDoc {
  @ApiProperty({ type: AssetSideDoc }) token!: AssetSideDoc;
  @ApiProperty({
    pattern: DECIMAL_OR_MAX_PATTERN,
    example: '25',
    description: 'Positive human decimal or `max`',
  })
  amount!: string;
  @ApiProperty({
    oneOf: [
      { type: 'object', required: ['walletId'], properties: { walletId: { type: 'integer', minimum: 1 } } },
      { type: 'object', required: ['address'], properties: { address: { type: 'string' } } },
    ],
    description: 'Exactly one of `{ walletId }` (one of yours) or `{ address }`, nothing else',
    example: { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
  })
  to!: object;
}

class PerpIntentDoc {
  @ApiProperty({ example: 'BTC', description: 'Venue-verbatim coin id' }) coin!: string;
  @ApiProperty({ enum: ['long', 'short'] }) side!: string;
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: 100,
    description:
      "Integer leverage, at most the venue's cap for the coin (sandbox: BTC 40, ETH 25, SOL 20, DOGE 10); above it, 400",
  })
  leverage?: number;
  @ApiProperty({
    pattern: DECIMAL_OR_MAX_PATTERN,
    example: '50',
    description: 'Margin in USDC (positive human decimal) or `max`',
  })
  amountUsdc!: string;
}

class CloseIntentDoc {
  @ApiProperty({ example: 'BTC', description: 'Closes the whole live position' }) coin!: string;
}

class PredictionOrderDoc {
  @ApiProperty({ enum: ['buy', 'sell'] }) action!: string;
  @ApiProperty({ description: 'The outcome token id on polygon (GET /v1/sandbox/markets)' }) outcome!: string;
  @ApiPropertyOptional({
    pattern: DECIMAL_PATTERN,
    example: '10',
    description: 'buy: pUSD to spend (positive human decimal; not `max`)',
  })
  spendPusd?: string;
  @ApiPropertyOptional({
    pattern: DECIMAL_OR_MAX_PATTERN,
    example: 'max',
    description: 'sell: shares (positive human decimal) or `max`',
  })
  shares?: string;
}

export class SwapOperationDoc {
  @ApiProperty({ enum: ['swap'] }) kind!: string;
  @ApiProperty({ type: 'integer', minimum: 1 }) walletId!: number;
  @ApiProperty({ type: SwapIntentDoc }) swapIntent!: SwapIntentDoc;
}
export class SendOperationDoc {
  @ApiProperty({ enum: ['send'] }) kind!: string;
  @ApiProperty({ type: 'integer', minimum: 1 }) walletId!: number;
  @ApiProperty({ type: SendIntentDoc }) sendIntent!: SendIntentDoc;
}
export class PerpOperationDoc {
  @ApiProperty({ enum: ['perp'] }) kind!: string;
  @ApiProperty({ type: 'integer', minimum: 1 }) walletId!: number;
  @ApiProperty({ type: PerpIntentDoc }) perpIntent!: PerpIntentDoc;
}
export class PerpCloseOperationDoc {
  @ApiProperty({ enum: ['perpClose'] }) kind!: string;
  @ApiProperty({ type: 'integer', minimum: 1 }) walletId!: number;
  @ApiProperty({ type: CloseIntentDoc }) closeIntent!: CloseIntentDoc;
}
export class PredictionOperationDoc {
  @ApiProperty({ enum: ['prediction'] }) kind!: string;
  @ApiProperty({ type: 'integer', minimum: 1 }) walletId!: number;
  @ApiProperty({ type: PredictionOrderDoc }) order!: PredictionOrderDoc;
}

/** Each arm by its `kind`. */
const SHAPE_A_KINDS = {
  swap: SwapOperationDoc,
  send: SendOperationDoc,
  perp: PerpOperationDoc,
  perpClose: PerpCloseOperationDoc,
  prediction: PredictionOperationDoc,
};
export const SHAPE_A_ARMS = Object.values(SHAPE_A_KINDS);
export const shapeASchema = {
  oneOf: SHAPE_A_ARMS.map((arm) => ({ $ref: getSchemaPath(arm) })),
  discriminator: {
    propertyName: 'kind',
    mapping: Object.fromEntries(
      Object.entries(SHAPE_A_KINDS).map(([kind, arm]) => [kind, getSchemaPath(arm)]),
    ),
  },
};
