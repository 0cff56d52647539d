/** Dependency-injection tokens of the venue ports (the service binds them to the sandbox or real adapters). */
export const PRICE_READER = Symbol('PriceReader');
export const SWAP_QUOTER = Symbol('SwapQuoter');
export const CHAIN_CLIENT = Symbol('ChainClient');
export const PERP_VENUE = Symbol('PerpVenue');
export const PREDICTION_VENUE = Symbol('PredictionVenue');
export const SPEECH_TOKENS = Symbol('SpeechTokenProvider');
export const TOKEN_DIRECTORY = Symbol('TokenDirectory');
