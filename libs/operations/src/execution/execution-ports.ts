import type { ChainClient, PerpVenue, PredictionVenue, SwapQuoter, TokenDirectory } from '@vetted/venues';

/** The venue ports a leg executes through (`tokens` names the prediction venue's pUSD and describes spot coins). */
export interface ExecutionPorts {
  chain: ChainClient;
  quoter: SwapQuoter;
  perps: PerpVenue;
  predict: PredictionVenue;
  tokens: TokenDirectory;
}

export type ReconciliationPorts = Omit<ExecutionPorts, 'quoter'>;

export interface ExecuteLegOptions {
  /** How long the venue may take to answer; past it the leg fails with `LIFECYCLE_TIMEOUT`. */
  deadlineMs: number;
}
