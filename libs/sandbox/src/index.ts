export * from './sandbox';
export * from './faults/fault-plan';
export * from './explorer/explorer-transaction';
export type { Holding } from './ledger/ledger';
export type { SupplyRecord } from './ledger/supply';
export { MAX_UINT256 } from './ledger/allowances';
export type { SynchronousMode } from './store/sandbox-database';
export {
  SANDBOX_TOKENS,
  USDC_ADDRESSES,
  WBTC_ETHEREUM,
  PUSD_POLYGON,
  tokenList,
  feeAssetOf,
} from './tokens/token-registry';
export { tokenInfo } from './tokens/asset-directory';
export { PERP_COINS, PERP_TAKER_FEE } from './perps/perp-coins';
export { MARKET_SPECS, CATALOG_OUTCOMES, outcomeTokenId } from './predict/market-catalog';
export { POOLS } from './dex/pools';
export { GAS_PRICE_WEI, GAS_UNITS, SOLANA_FEE_LAMPORTS } from './chain/gas-schedule';
export { BLOCKHASH_INTERVAL_MS, BLOCKHASH_LIFETIME_MS } from './chain/solana-blockhash';
export { PRICE_STEP_MS, PRICE_TTL_MS } from './prices/price-series';
export { PriceRefused } from './prices/asset-prices';
export { FaucetRefused } from './ledger/faucet';
export { SandboxFileInUse } from './store/file-owner';
export {
  feeSink,
  dexRouter,
  arbitrageur,
  poolAccount,
  PERP_HOUSE,
  PREDICT_TREASURY,
} from './world/sandbox-accounts';
export { VENUE_GENESIS_RAW } from './world/world';
