import { ApiProperty } from '@nestjs/swagger';
import { FAULT_MODES, FAULT_TARGETS } from '@vetted/sandbox';
import { NETWORKS } from '@vetted/venues';

/**
 * What the sandbox answers, as `libs/sandbox` builds it: its markets (`PredictionMarket`), injected
 * faults (`InjectedFault`), prices (`UsdPrice`), time and explorer transactions (`ExplorerTransaction`).
 */

const TX_HASH = '0x28c458698602ca6a68857ea1e148ffe8a216ebee2b9f2c8d75b0e2c31a78e5ed';
const ADDRESS = '0x5a7BdD54c95499890054730A30A1Af79DdaCa52C';
const OUTCOME_TOKEN = '30559220331424058982444375425308616152209089884835854474872586834168184678213';

/** An asset without its symbol: `{ network, token }`, token null for the native asset. */
export class SandboxAssetIdView {
  @ApiProperty({ enum: NETWORKS, example: 'polygon' }) network!: string;
  @ApiProperty({
    nullable: true,
    type: String,
    example: OUTCOME_TOKEN,
    description: 'Contract address, mint, perp coin or outcome token id; null for the native asset',
  })
  token!: string | null;
}

export class PredictionOutcomeView {
  @ApiProperty({ example: 'Yes' }) name!: string;
  @ApiProperty({ type: SandboxAssetIdView, description: "The outcome's shares: a token id on polygon" })
  asset!: SandboxAssetIdView;
  @ApiProperty({ example: '0.35', description: 'Mid price in pUSD per share' }) price!: string;
  @ApiProperty({ example: '0.345' }) bid!: string;
  @ApiProperty({ example: '0.355' }) ask!: string;
}

export class PredictionMarketView {
  @ApiProperty({ example: 'btc-150k-2026' }) id!: string;
  @ApiProperty({ example: 'Will BTC trade above $150,000 before January 1, 2027?' }) question!: string;
  @ApiProperty({ enum: ['open', 'resolved'], example: 'open' }) status!: string;
  @ApiProperty({
    nullable: true,
    type: String,
    example: null,
    description: 'Token id of the winning outcome once resolved',
  })
  winningOutcome!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time', example: null })
  resolvedAt!: string | null;
  @ApiProperty({ type: [PredictionOutcomeView] }) outcomes!: PredictionOutcomeView[];
}

export class InjectedFaultView {
  @ApiProperty({ type: 'integer', example: 1 }) id!: number;
  @ApiProperty({ enum: FAULT_TARGETS, example: 'submission' }) target!: string;
  @ApiProperty({ enum: FAULT_MODES, example: 'reject' }) mode!: string;
  @ApiProperty({ type: 'integer', example: 1, description: 'How many matching calls will still misbehave' })
  remaining!: number;
  @ApiProperty({
    type: 'integer',
    example: 12,
    description: '`timeout` mode: seconds of sandbox time after submission a chain transaction lands',
  })
  landAfterSeconds!: number;
}

/** POST /v1/sandbox/prices: the asset's new price. */
export class SandboxPriceView {
  @ApiProperty({ type: SandboxAssetIdView }) asset!: SandboxAssetIdView;
  @ApiProperty({ example: '3000', description: 'Exact decimal' }) usd!: string;
  @ApiProperty({ format: 'date-time', example: '2026-11-22T06:24:25.892Z' }) updatedAt!: string;
  @ApiProperty({ format: 'date-time', example: '2026-11-22T06:29:25.892Z' }) expiresAt!: string;
}

/** POST /v1/sandbox/prices with `expire: true`. */
export class ExpiredPriceView {
  @ApiProperty({ type: SandboxAssetIdView, description: 'The asset as given' }) asset!: SandboxAssetIdView;
  @ApiProperty({ enum: [true], example: true }) expired!: true;
}

export class SandboxClockView {
  @ApiProperty({ format: 'date-time', example: '2026-11-22T06:24:26.896Z', description: 'Sandbox time now' })
  now!: string;
}

export class ExplorerTransferView {
  @ApiProperty({ enum: NETWORKS, example: 'base' }) network!: string;
  @ApiProperty({ nullable: true, type: String, example: null, description: 'null: the native asset' })
  token!: string | null;
  @ApiProperty({ example: 'ETH' }) symbol!: string;
  @ApiProperty({ type: 'integer', example: 18 }) decimals!: number;
  @ApiProperty({ nullable: true, type: String, example: null }) from!: string | null;
  @ApiProperty({ nullable: true, type: String, example: ADDRESS }) to!: string | null;
  @ApiProperty({ example: '1000000000000000000' }) amountRaw!: string;
  @ApiProperty({ example: '1' }) amount!: string;
  @ApiProperty({ enum: ['value', 'fee'], example: 'value' }) purpose!: string;
}

export class ExplorerFeeView {
  @ApiProperty({ nullable: true, type: String, example: null }) token!: string | null;
  @ApiProperty({ example: 'ETH' }) symbol!: string;
  @ApiProperty({ example: '0' }) amountRaw!: string;
  @ApiProperty({ example: '0' }) amount!: string;
}

/** GET /v1/sandbox/explorer/tx/{hash} with `Accept: application/json`. */
export class ExplorerTransactionView {
  @ApiProperty({ enum: NETWORKS, example: 'base' }) network!: string;
  @ApiProperty({ example: TX_HASH }) hash!: string;
  @ApiProperty({ enum: ['pending', 'success', 'reverted', 'dropped'], example: 'success' }) status!: string;
  @ApiProperty({ example: 'faucet' }) kind!: string;
  @ApiProperty({ nullable: true, type: 'integer', example: 23000001 }) blockNumber!: number | null;
  @ApiProperty({
    format: 'date-time',
    example: '2026-11-22T06:24:34.369Z',
    description: 'Block time once settled, submission time while pending',
  })
  timestamp!: string;
  @ApiProperty({ format: 'date-time', example: '2026-11-22T06:24:34.369Z' }) submittedAt!: string;
  @ApiProperty({ nullable: true, type: String, example: null }) from!: string | null;
  @ApiProperty({ nullable: true, type: String, example: ADDRESS }) to!: string | null;
  @ApiProperty({ nullable: true, type: 'integer', example: null }) nonce!: number | null;
  @ApiProperty({ type: [ExplorerTransferView] }) transfers!: ExplorerTransferView[];
  @ApiProperty({ type: ExplorerFeeView }) fee!: ExplorerFeeView;
  @ApiProperty({ nullable: true, type: String, example: null }) error!: string | null;
}
