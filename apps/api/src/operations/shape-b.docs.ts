import { getSchemaPath } from '@nestjs/swagger';
import { SHAPE_B_CHAIN_ARMS } from './shape-b-chain.docs';
import { SHAPE_B_TRADING_ARMS } from './shape-b-trading.docs';

/**
 * Documentation of the Shape B intents (api-decisions §6). Validation itself is `readShapeBIntent`,
 * with field paths; these classes only describe the wire form. `perpOrder` has two arms (open and
 * reduction) and `prediction` three (buy, sell, redeem): the fields differ, the `type` is shared.
 */
export const SHAPE_B_ARMS: (new () => object)[] = [...SHAPE_B_TRADING_ARMS, ...SHAPE_B_CHAIN_ARMS];

/**
 * No discriminator: `perpOrder` has two arms (open, and `reduce: true`) and `prediction` three (by
 * `action`), and an OpenAPI discriminator maps each value to one schema. The arms exclude each
 * other by `type` and those fields, so `oneOf` alone selects one.
 */
export const shapeBSchema = {
  oneOf: SHAPE_B_ARMS.map((arm) => ({ $ref: getSchemaPath(arm) })),
};

export * from './shape-b-trading.docs';
export * from './shape-b-chain.docs';
