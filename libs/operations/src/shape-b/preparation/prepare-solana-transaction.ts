import { unsignedCosigners } from '@vetted/venues';
import { blockhashDeadline } from '../../preparation/chain-legs';
import { FieldProblems } from '../../preparation/field-problems';
import type { NetworkFee } from '../../preparation/review';
import { INTENT_PATH, type SolanaTransactionIntent } from '../intent';
import { MAX_TRANSACTION_BYTES, type ParsedTransaction, parseTransaction } from '../solana';
import { BlockhashExpired } from './blockhash-expired';
import type { PrepareShapeB, ShapeBReview } from './prepared-shape-b';
import { solanaTransactionLeg } from './solana-leg';
import { checkWalletFamily } from './wallet-family';

/** What a person approves for a supplied Solana transaction, read from its own bytes. */
export interface SolanaTransactionReview extends ShapeBReview {
  type: 'solanaTransaction';
  feePayer: string;
  /** The blockhash the bytes carry: recent at preparation; once it expires, a new transaction is needed. */
  blockhash: string;
  /** When it expires, on the service's clock (noted by a probe: the review did not say). */
  blockhashExpiresAt: string;
  version: ParsedTransaction['version'];
  instructionCount: number;
  /** Signatures the bytes require; the wallet's is the fee payer's, any others must already be in them. */
  signaturesRequired: number;
  networkFees: NetworkFee[];
  /** Provenance only, never an authorization (rule 7). */
  sourceUrl: string | null;
}

const TRANSACTION_PATH = `${INTENT_PATH}.transaction`;

/**
 * Supplied transaction bytes (rule 9) are captured byte for byte: the service never rebuilds or
 * re-blockhashes them. They must parse as a legacy or v0 transaction within Solana's size limit, be
 * paid by the wallet (the service signs only for it), carry every other signer's valid signature
 * already, and name a blockhash the chain still accepts
 * (`BLOCKHASH_EXPIRED` otherwise: the caller must supply a transaction with a fresh one).
 */
export const prepareSolanaTransaction: PrepareShapeB<SolanaTransactionIntent> = async (intent, context) => {
  const { wallet, ports } = context;
  const problems = new FieldProblems();
  const fits = checkWalletFamily(wallet, 'solana', 'a Solana transaction', problems);
  const parsed = readSupplied(intent.transaction, problems);
  if (fits && parsed && parsed.accountKeys[0] !== wallet.address)
    problems.add(
      TRANSACTION_PATH,
      `is paid by ${parsed.accountKeys[0]}, not by wallet ${wallet.id} (${wallet.address}): ` +
        'the service signs only for the wallet, so the wallet must be the fee payer',
    );
  const unsigned = parsed ? (unsignedCosigners(intent.transaction) ?? []) : [];
  if (unsigned.length > 0)
    problems.add(
      TRANSACTION_PATH,
      `lacks a valid signature of ${unsigned.join(', ')}: the service signs only for the fee payer, ` +
        'so every other signer must have signed these bytes (Solana refuses them otherwise)',
    );
  problems.throwIfAny();
  const { recentBlockhash, version, instructionCount, header } = parsed!;
  const validForMs = await ports.chain.blockhashValidForMs(recentBlockhash);
  if (validForMs <= 0) throw new BlockhashExpired(recentBlockhash);

  const leg = await solanaTransactionLeg(context, intent.transaction, recentBlockhash);
  const review: SolanaTransactionReview = {
    type: 'solanaTransaction',
    walletId: wallet.id,
    summary:
      `Submit a supplied ${version === 'legacy' ? 'legacy' : 'v0'} Solana transaction of ` +
      `${instructionCount} instruction(s), unchanged, paid and signed by ${wallet.address} (its instructions ` +
      'are not decoded: this review cannot show what they move)',
    feePayer: wallet.address,
    blockhash: recentBlockhash,
    blockhashExpiresAt: blockhashDeadline(context.now, validForMs),
    version,
    instructionCount,
    signaturesRequired: header.numRequiredSignatures,
    networkFees: leg.networkFees,
    sourceUrl: intent.sourceUrl ?? null,
  };
  return { type: 'solanaTransaction', action: intent, actions: [leg.action], review, continuation: null };
};

/** The parsed bytes, or null with the reason at `intent.transaction` (too large said as such). */
function readSupplied(transaction: string, problems: FieldProblems): ParsedTransaction | null {
  const parsed = parseTransaction(transaction);
  if (parsed) return parsed;
  const size = Buffer.from(transaction, 'base64').length;
  problems.add(
    TRANSACTION_PATH,
    size > MAX_TRANSACTION_BYTES
      ? `is ${size} bytes, over Solana's ${MAX_TRANSACTION_BYTES}-byte limit`
      : 'is not a well-formed Solana transaction (legacy or v0, canonical base64, nothing after the message)',
  );
  return null;
}
