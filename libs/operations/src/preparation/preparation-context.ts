import type { CapturedAction } from '../domain/actions';
import type {
  AddressFamily,
  ChainClient,
  PerpVenue,
  PredictionVenue,
  PriceReader,
  SwapQuoter,
  TokenDirectory,
} from '@vetted/venues';

/** A wallet of the caller, as preparation needs it. */
export interface PreparationWallet {
  id: number;
  family: AddressFamily;
  /** Canonical form: EIP-55 for EVM, base58 for Solana. */
  address: string;
  archived: boolean;
  /** The venue whose deposit wallet this is (a prediction venue's), absent for a regular wallet. */
  venue?: string;
}

export interface PreparationPorts {
  prices: PriceReader;
  quoter: SwapQuoter;
  chain: ChainClient;
  perps: PerpVenue;
  predict: PredictionVenue;
  tokens: TokenDirectory;
}

export interface PreparationContext {
  /** The paying/signing wallet named by `operation.walletId`, looked up among the caller's wallets. */
  wallet: PreparationWallet;
  /** Every wallet of the caller, archived ones included (a recipient must be one of the active ones). */
  wallets: readonly PreparationWallet[];
  /** The caller's deposit wallets not deployed yet: theirs, but with no address to pay or receive. */
  undeployed: readonly number[];
  ports: PreparationPorts;
  /** The service's clock: a deadline a review shows (a Solana blockhash's) is on it, as the resource's times are. */
  now(): Date;
  /**
   * The legs the paying wallet's operations still executing have yet to finish (submitted or not
   * yet run). They run before anything prepared now, which can only be approved after them. Read
   * when asked (only an ERC-20 swap's allowance rule asks), at most once per preparation.
   */
  executing(): Promise<readonly CapturedAction[]>;
}

/** Why a wallet id is not among the caller's usable wallets, in the words of `missing` otherwise. */
export function unusableWallet(walletId: number, undeployed: readonly number[], missing: string): string {
  return undeployed.includes(walletId)
    ? 'is a deposit wallet not deployed yet (request its deployment again)'
    : missing;
}
