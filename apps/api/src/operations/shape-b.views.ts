import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { nullableRef } from '../http/nullable-ref';
import { SHAPE_B_TYPES, type ShapeBResource } from '@vetted/operations';
import { OPERATION_STATES, SUPERSEDED_BY_DOC, SUPERSEDES_DOC } from './operations.dto';
import { EXAMPLE } from './shape-b-fields.docs';
import { FILL_EXAMPLE, OperationResultView, TX_HASH } from './operation-result.view';

/**
 * The operation resource of Shape B, as `renderShapeB` builds it (read-model/operations/render-shape-b.ts).
 * One resource for GET, approve, discard, next, conversation history and web cards.
 */

const ACTION_EXAMPLE = {
  type: 'swap',
  walletId: 3,
  from: { network: 'base', asset: 'native' },
  to: { network: 'base', asset: EXAMPLE.usdcBase },
  amount: '0.25',
  slippage: '1',
};

export class ShapeBTransferView {
  @ApiProperty({ example: 'base' }) network!: string;
  @ApiProperty({
    nullable: true,
    type: String,
    example: EXAMPLE.usdcBase,
    description: 'Contract or mint; null: the native asset',
  })
  token!: string | null;
  @ApiProperty({ nullable: true, type: String, example: EXAMPLE.evmRecipient }) from!: string | null;
  @ApiProperty({ nullable: true, type: String, example: '0x2626664c2603336E57B271c5C0b26F421741e481' })
  to!: string | null;
  @ApiProperty({ example: '874120000', description: 'Raw base units' }) amountRaw!: string;
  @ApiProperty({ enum: ['value', 'fee'], example: 'value' }) purpose!: string;
  @ApiPropertyOptional({ example: 'USDC' }) symbol?: string;
  @ApiPropertyOptional({ type: 'integer', example: 6 }) decimals?: number;
}

export class ShapeBReceiptView {
  @ApiProperty({
    enum: ['chainTransaction', 'perpOrder', 'spotOrder', 'predictionOrder'],
    example: 'chainTransaction',
    description: 'What reached the outside world',
  })
  type!: string;
  @ApiProperty({ type: 'integer', example: 0, description: 'Index of the captured action (leg) it settles' })
  leg!: number;
  @ApiProperty({ example: 'base' }) network!: string;
  @ApiProperty({ example: TX_HASH, description: 'Transaction hash or signature; the venue order id' })
  hash!: string;
  @ApiProperty({ enum: ['success', 'reverted'], example: 'success' }) status!: string;
  @ApiProperty({ nullable: true, type: 'integer', example: 24817302 }) blockNumber!: number | null;
  @ApiProperty({ example: `https://vetted.example.com/v1/sandbox/explorer/tx/${TX_HASH}` })
  explorerUrl!: string;
  @ApiProperty({ example: '41250000000000', description: 'The native (or venue) fee charged, raw' })
  feeRaw!: string;
  @ApiProperty({
    type: [ShapeBTransferView],
    example: [
      {
        network: 'base',
        token: null,
        from: EXAMPLE.evmRecipient,
        to: null,
        amountRaw: '41250000000000',
        purpose: 'fee',
      },
    ],
    description: 'Every movement, the fee included',
  })
  transfers!: ShapeBTransferView[];
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    example: FILL_EXAMPLE,
    description:
      'Venue orders: what filled. Immediate-or-cancel, so it may be part of the size (`partiallyFilled`); ' +
      '`venue` is `perps`, `perpsSpot` (with `quoteRaw`, `balance`) or `predict` (`sharesRaw`, `pusdRaw`, `price`)',
  })
  fill?: unknown;
  @ApiPropertyOptional({
    enum: [true],
    example: true,
    description: 'Recorded after the operation had already failed on its 30 s lifecycle deadline',
  })
  late?: boolean;
}

export class ShapeBRequestView {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    example: ACTION_EXAMPLE,
    description:
      'The action this operation performs, in the request language: the intent as checked at creation (EVM ' +
      'addresses checksummed, an omitted slippage shown as "1"), or the prerequisite it stands for',
  })
  action!: unknown;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    properties: {
      type: { type: 'string', enum: [...SHAPE_B_TYPES] },
      walletId: { type: 'integer' },
      summary: { type: 'string', description: 'What approval will do, in one sentence, with exact amounts' },
    },
    example: {
      type: 'swap',
      walletId: 3,
      summary: 'Swap 0.25 ETH on base for about 874.12 USDC on base (at least 865.38 USDC)',
      slippagePercent: '1',
      quotedAt: '2025-11-21T20:14:03.000Z',
    },
    description:
      "What the person reviewed: always `type`, `walletId` and `summary`, then the type's own fields (quoted and " +
      'minimum amounts, pinned limit prices, fees, encoded Solana data and blockhash expiry, ...)',
  })
  review!: unknown;
}

export class ShapeBContinuationView {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    example: ACTION_EXAMPLE,
    description:
      'The successor intent, in the request language, with the exact amount the prerequisite approved; ' +
      'prepared, freshly quoted, by `next`',
  })
  action!: unknown;
  @ApiProperty({ example: 'Swap 0.25 ETH for USDC on base' }) label!: string;
  @ApiProperty({ type: 'integer', example: 3 }) walletId!: number;
  @ApiProperty({
    // By name: the class is declared below. Null is its own alternative (see `nullableRef`).
    oneOf: [{ $ref: getSchemaPath('ShapeBOperationView') }, { type: 'object', nullable: true, enum: [null] }],
    example: null,
    description:
      'Null until the prerequisite succeeded and `next` prepared the successor; then the successor ' +
      'resource itself (recursively), with its own state, approval, status and error',
  })
  /** Typed as the interface: the class is declared below (decorator metadata must not reach it early). */
  operation!: ShapeBResource | null;
}

/** The operation resource, Shape B (reference "Operation resource, Shape B"; api-decisions §5). */
@ApiExtraModels(ShapeBContinuationView)
export class ShapeBOperationView {
  @ApiProperty({ format: 'uuid', example: '3f1c9a52-7d4e-4b8a-9c61-2e5f0a7b8d13' }) id!: string;
  @ApiProperty({
    enum: SHAPE_B_TYPES,
    example: 'tokenApproval',
    description: 'The intent type it performs (an ERC-20 swap short of allowance: `tokenApproval`)',
  })
  kind!: string;
  @ApiProperty({
    enum: ['pending', 'succeeded', 'failed', 'dismissed'],
    example: 'pending',
    description: '`pending` until approved (or discarded); approve runs under the 30 s lifecycle deadline',
  })
  state!: string;
  @ApiPropertyOptional({ enum: [true], example: true, description: 'Present only while pending approval' })
  approvalRequired?: boolean;
  @ApiProperty({
    enum: OPERATION_STATES,
    example: 'awaitingApproval',
    description: "The engine's detailed status",
  })
  status!: string;
  @ApiProperty({ type: [ShapeBReceiptView], example: [], description: 'Typed receipts of what settled' })
  receipts!: ShapeBReceiptView[];
  @ApiProperty({ type: 'integer', example: 3, description: 'The paying/signing wallet' }) walletId!: number;
  @ApiProperty({
    type: ShapeBRequestView,
    example: { action: ACTION_EXAMPLE, review: { type: 'swap', walletId: 3, summary: 'Swap 0.25 ETH …' } },
  })
  request!: ShapeBRequestView;
  @ApiProperty(
    nullableRef(ShapeBContinuationView, {
      example: {
        action: ACTION_EXAMPLE,
        label: 'Swap 0.25 ETH for USDC on base',
        walletId: 3,
        operation: null,
      },
      description: 'The next step after this one (a prerequisite approval leads to its swap); null when none',
    }),
  )
  continuation!: ShapeBContinuationView | null;
  @ApiPropertyOptional({
    type: OperationResultView,
    example: { txHashes: [TX_HASH], fills: [] },
    description: 'Present only when succeeded: the transactions, and what venue orders filled',
  })
  result?: OperationResultView;
  @ApiPropertyOptional({
    example: 'the swap quote fell below its minimum output at execution',
    description: 'Present when failed',
  })
  error?: string;
  @ApiPropertyOptional({
    example: 'QUOTE_BELOW_FLOOR',
    description: 'Present when failed: one of the failure codes of the Shape A resource’s `errorCode`',
  })
  errorCode?: string;
  @ApiProperty(SUPERSEDES_DOC) supersedes!: string | null;
  @ApiPropertyOptional(SUPERSEDED_BY_DOC) supersededBy?: string;
  @ApiProperty({
    nullable: true,
    type: 'object',
    additionalProperties: true,
    example: null,
    description: 'Provenance for chat callers, `{ kind }`; null for operations created without chat',
  })
  source!: { kind: string } | null;
  @ApiProperty({ format: 'date-time', example: '2025-11-21T20:14:03.512Z' }) createdAt!: string;
  @ApiProperty({ format: 'date-time', example: '2025-11-21T20:14:03.512Z' }) updatedAt!: string;
}
