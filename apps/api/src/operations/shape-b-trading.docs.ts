import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import {
  AMOUNT_SCHEMA,
  DECIMAL_OR_MAX_PATTERN,
  DECIMAL_PATTERN,
  DECIMAL_RULE,
  EXAMPLE,
  IntentBaseDoc,
  PerpCoinAssetDoc,
  PredictionOutcomeDoc,
  RECIPIENT_RULE,
  SendableAssetDoc,
  TradableAssetDoc,
  USD_SIZING_RULE,
  VENUE_ORDER_RULE,
  slippageProperty,
} from './shape-b-fields.docs';

/** Documentation of the Shape B trading intents (swaps, sends, perp-venue and prediction orders). */

@ApiSchema({
  description:
    'Swap (rule 15): `amount` is the source spend; the review shows the quoted destination amount and the ' +
    'slippage-protected minimum, and approval pins the exact input and minimum output. A swap never sizes ' +
    'its input to cover a destination shortfall. An ERC-20 input short of allowance is created as a ' +
    '`tokenApproval` whose continuation names this swap.',
})
export class SwapIntentBDoc extends IntentBaseDoc {
  @ApiProperty({ enum: ['swap'], example: 'swap' }) type!: string;
  @ApiProperty({ type: TradableAssetDoc, example: { network: 'base', asset: 'native' } })
  from!: TradableAssetDoc;
  @ApiProperty({ type: TradableAssetDoc, example: { network: 'base', asset: EXAMPLE.usdcBase } })
  to!: TradableAssetDoc;
  @ApiProperty({
    ...AMOUNT_SCHEMA,
    example: '0.25',
    description: `The source spend: an exact decimal, "max", { percentOfBalance } or { valueUsd }. ${DECIMAL_RULE} ${USD_SIZING_RULE}`,
  })
  amount!: unknown;
  @slippageProperty('Bounds the minimum output below the fresh quote.') slippage?: string | null;
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    example: 4,
    description: 'Deliver to another of your wallets; absent: the paying wallet',
  })
  toWalletId?: number;
}

@ApiSchema({ description: 'Send an asset to one of your wallets or to an address.' })
export class SendIntentBDoc extends IntentBaseDoc {
  @ApiProperty({ enum: ['send'], example: 'send' }) type!: string;
  @ApiProperty({ type: SendableAssetDoc, example: { network: 'base', asset: EXAMPLE.usdcBase } })
  asset!: SendableAssetDoc;
  @ApiProperty({
    ...AMOUNT_SCHEMA,
    example: { percentOfBalance: '25' },
    description: `An exact decimal, "max", { percentOfBalance } or { valueUsd }. ${DECIMAL_RULE} ${USD_SIZING_RULE}`,
  })
  amount!: unknown;
  @ApiProperty({
    oneOf: [
      { type: 'object', required: ['walletId'], properties: { walletId: { type: 'integer', example: 4 } } },
      {
        type: 'object',
        required: ['address'],
        properties: { address: { type: 'string', example: EXAMPLE.evmRecipient } },
      },
    ],
    example: { address: EXAMPLE.evmRecipient },
    description:
      "Exactly one of `walletId` (one of yours) or `address`, in the asset network's form. EVM: " +
      `${RECIPIENT_RULE} Solana: base58 of 32 bytes, case-sensitive, verbatim.`,
  })
  to!: unknown;
}

@ApiSchema({
  description: `Perp-venue spot order: buy or sell a coin for USDC. ${VENUE_ORDER_RULE} Give exactly one of \`size\` or \`valueUsdc\`.`,
})
export class SpotOrderIntentDoc extends IntentBaseDoc {
  @ApiProperty({ enum: ['spotOrder'], example: 'spotOrder' }) type!: string;
  @ApiProperty({ enum: ['buy', 'sell'], example: 'buy' }) side!: string;
  @ApiProperty({ type: PerpCoinAssetDoc, example: { network: 'perps', asset: 'SOL' } })
  asset!: PerpCoinAssetDoc;
  @ApiPropertyOptional({
    pattern: DECIMAL_PATTERN,
    example: '2.5',
    description: `Size in coin units. ${DECIMAL_RULE}`,
  })
  size?: string;
  @ApiPropertyOptional({
    pattern: DECIMAL_OR_MAX_PATTERN,
    example: '100',
    description: `USDC value of the order; "max" (every USDC available) for buys only (rule 11). ${DECIMAL_RULE}`,
  })
  valueUsdc?: string;
  @slippageProperty('Bounds the deviation from the live midpoint, spread and price impact included.')
  slippage?: string | null;
}

@ApiSchema({
  description:
    'Open (or add to) a perp position. Give exactly one sizing: `size`, `valueUsd`, or `marginUsdc` with ' +
    `\`exposureMultiple\` (rule 12). ${VENUE_ORDER_RULE}`,
})
export class PerpOpenIntentDoc extends IntentBaseDoc {
  @ApiProperty({ enum: ['perpOrder'], example: 'perpOrder' }) type!: string;
  @ApiPropertyOptional({ enum: [false], example: false, description: 'Omitted or false: an open' })
  reduce?: boolean;
  @ApiProperty({ maxLength: 200, example: 'BTC', description: 'The venue-verbatim coin id' }) coin!: string;
  @ApiProperty({ enum: ['long', 'short'], example: 'long' }) side!: string;
  @ApiPropertyOptional({ pattern: DECIMAL_PATTERN, example: '0.01', description: 'Size in coin units' })
  size?: string;
  @ApiPropertyOptional({
    pattern: DECIMAL_PATTERN,
    example: '250',
    description: `USD notional (rule 13). ${USD_SIZING_RULE}`,
  })
  valueUsd?: string;
  @ApiPropertyOptional({
    pattern: DECIMAL_PATTERN,
    example: '50',
    description:
      'USDC margin; requires `exposureMultiple` (notional = margin × multiple). The venue holds ' +
      'notional / leverage as margin: at most this, and less when the multiple is not a whole number ' +
      '(the leverage is, at least the multiple) or the size rounds down',
  })
  marginUsdc?: string;
  @ApiPropertyOptional({
    pattern: DECIMAL_PATTERN,
    example: '5',
    description: "Positive decimal multiple of `marginUsdc`, at most the coin's leverage cap; requires it",
  })
  exposureMultiple?: string;
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: 100,
    example: 5,
    description:
      "Integer leverage, at most the coin's cap; with margin sizing, at least `exposureMultiple`. Absent: 1, " +
      'or with margin sizing the exposure multiple rounded up',
  })
  leverage?: number;
  @slippageProperty('Bounds the deviation from the live midpoint, spread and price impact included.')
  slippage?: string | null;
}

@ApiSchema({
  description:
    'Reduce or close a live perp position (rule 10): no `side`; exactly one of `size: "max"` (the whole ' +
    'position) or `sizePercent`, resolved against the live position. Only whole-position closes may be ' +
    `below 10 quote units. ${VENUE_ORDER_RULE}`,
})
export class PerpReduceIntentDoc extends IntentBaseDoc {
  @ApiProperty({ enum: ['perpOrder'], example: 'perpOrder' }) type!: string;
  @ApiProperty({ enum: [true], example: true }) reduce!: boolean;
  @ApiProperty({ maxLength: 200, example: 'BTC', description: 'The venue-verbatim coin id' }) coin!: string;
  @ApiPropertyOptional({
    enum: ['long', 'short'],
    example: 'long',
    description: 'When pinned, a live position on the other side is refused',
  })
  expectedSide?: string;
  @ApiPropertyOptional({ enum: ['max'], example: 'max', description: 'The whole live position' })
  size?: string;
  @ApiPropertyOptional({
    example: '50',
    description: 'A percentage of the live position, above 0 and at most 100 (decimal string)',
  })
  sizePercent?: string;
  @slippageProperty('Bounds the deviation from the live midpoint, spread and price impact included.')
  slippage?: string | null;
}

const OUTCOME = {
  type: PredictionOutcomeDoc,
  example: { network: 'polygon', asset: EXAMPLE.outcome },
  description: 'The outcome, `{ network: "polygon", asset: "<outcome token id>" }` (GET /v1/sandbox/markets)',
};

@ApiSchema({ description: "Prediction buy: spends the venue's dollar token (pUSD) for outcome shares." })
export class PredictionBuyIntentDoc extends IntentBaseDoc {
  @ApiProperty({ enum: ['prediction'], example: 'prediction' }) type!: string;
  @ApiProperty({ enum: ['buy'], example: 'buy' }) action!: string;
  @ApiProperty(OUTCOME) outcome!: PredictionOutcomeDoc;
  @ApiProperty({ pattern: DECIMAL_PATTERN, example: '10', description: `pUSD to spend. ${DECIMAL_RULE}` })
  spendPusd!: string;
}

@ApiSchema({ description: 'Prediction sell: sells outcome shares for pUSD.' })
export class PredictionSellIntentDoc extends IntentBaseDoc {
  @ApiProperty({ enum: ['prediction'], example: 'prediction' }) type!: string;
  @ApiProperty({ enum: ['sell'], example: 'sell' }) action!: string;
  @ApiProperty(OUTCOME) outcome!: PredictionOutcomeDoc;
  @ApiProperty({
    pattern: DECIMAL_OR_MAX_PATTERN,
    example: 'max',
    description: `Shares to sell, or "max" (every share held; rule 11). ${DECIMAL_RULE}`,
  })
  shares!: string;
}

@ApiSchema({
  description:
    'Prediction redemption of every share of a resolved outcome; preparation rechecks that the outcome has ' +
    'positive redeemable holdings.',
})
export class PredictionRedeemIntentDoc extends IntentBaseDoc {
  @ApiProperty({ enum: ['prediction'], example: 'prediction' }) type!: string;
  @ApiProperty({ enum: ['redeem'], example: 'redeem' }) action!: string;
  @ApiProperty(OUTCOME) outcome!: PredictionOutcomeDoc;
}

export const SHAPE_B_TRADING_ARMS = [
  SwapIntentBDoc,
  SendIntentBDoc,
  SpotOrderIntentDoc,
  PerpOpenIntentDoc,
  PerpReduceIntentDoc,
  PredictionBuyIntentDoc,
  PredictionSellIntentDoc,
  PredictionRedeemIntentDoc,
];
