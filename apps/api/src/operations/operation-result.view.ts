import { ApiProperty } from '@nestjs/swagger';

/** What both shapes' resources show of a finished operation (`renderShapeA`, `renderShapeB`). */

export const TX_HASH = '0x9f2c6a7e1d4b8c3f5a0e7d2b6c9f1a4e8d3b7c2f6a1e5d9b4c8f3a7e2d6b1c5f';

export const FILL_EXAMPLE = {
  venue: 'perps',
  coin: 'BTC',
  side: 'buy',
  status: 'partiallyFilled',
  size: '0.01',
  limitPx: '97250',
  filledSize: '0.006',
  avgPx: '97120.5',
  fills: [{ px: '97120.5', size: '0.006' }],
  realizedPnlRaw: '0',
};

/** What a done (Shape A) or succeeded (Shape B) operation did, built from its receipts. */
export class OperationResultView {
  @ApiProperty({
    type: [String],
    example: [TX_HASH],
    description: "Every receipt's hash (a venue order's id), in receipt order",
  })
  txHashes!: string[];
  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    example: [FILL_EXAMPLE],
    description:
      "What venue orders filled (an immediate-or-cancel order may fill part of its size): each receipt's `fill`, in order; empty for chain transactions",
  })
  fills!: unknown[];
}
