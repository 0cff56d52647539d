import { extend, ValidationFailed } from '@vetted/kernel';
import { systemTransfersIn } from '@vetted/venues';
import { blockhashDeadline } from '../../preparation/chain-legs';
import { FieldProblems } from '../../preparation/field-problems';
import type { PreparationContext, PreparationWallet } from '../../preparation/preparation-context';
import { type NetworkFee, type ReviewAmount, reviewAmount, spoken } from '../../preparation/review';
import { UsdPrices } from '../../preparation/usd-prices';
import { type SolanaAccountMeta, type SolanaInstructionIntent } from '../intent';
import { at } from '../intent/intent-arm';
import {
  type InstructionTransactionInput,
  MAX_TRANSACTION_BYTES,
  TransactionTooLarge,
  buildInstructionTransaction,
  encodeInstructionData,
} from '../solana';
import type { PrepareShapeB, ShapeBReview } from './prepared-shape-b';
import { solanaTransactionLeg } from './solana-leg';
import { checkWalletFamily } from './wallet-family';

/** What a person approves for one Solana instruction, built by the service and paid by the wallet. */
export interface SolanaInstructionReview extends ShapeBReview {
  type: 'solanaInstruction';
  programAddress: string;
  accounts: SolanaAccountMeta[];
  /** The instruction data as encoded from the intent's parts: lowercase hex (no `0x`) and its length. */
  instructionData: { hex: string; bytes: number };
  feePayer: string;
  /**
   * When the instruction is the System program's transfer out of the paying wallet, what it sends
   * and to whom; null for any other instruction, which the review cannot read.
   */
  systemTransfer: { amount: ReviewAmount; to: string } | null;
  /**
   * The blockhash the transaction was built with; after `expiresAt` (on the service's clock) it needs
   * a fresh preparation and approval.
   */
  blockhash: { blockhash: string; expiresAt: string };
  networkFees: NetworkFee[];
  /** Provenance only, never an authorization (rule 7). */
  sourceUrl: string | null;
}

/**
 * One instruction (rule 9): the data parts are encoded in order, and the service builds a legacy
 * transaction with the wallet as fee payer and the chain's current blockhash (the engine supplies
 * it). Approval submits those bytes unchanged, so once the blockhash expires the operation fails
 * before effect (`BLOCKHASH_EXPIRED`) and must be prepared and approved again.
 */
export const prepareSolanaInstruction: PrepareShapeB<SolanaInstructionIntent> = async (intent, context) => {
  const { wallet, ports } = context;
  const problems = new FieldProblems();
  if (checkWalletFamily(wallet, 'solana', 'a Solana instruction', problems))
    checkSigners(intent, wallet, problems);
  problems.throwIfAny();

  const data = encodeInstructionData(intent.data);
  const recent = await ports.chain.recentBlockhash();
  const blockhash = {
    blockhash: recent.blockhash,
    expiresAt: blockhashDeadline(context.now, recent.validForMs),
  };
  const transaction = buildTransaction(intent, wallet.address, data, blockhash.blockhash);
  const leg = await solanaTransactionLeg(context, transaction, blockhash.blockhash);
  const systemTransfer = await reviewedSystemTransfer(transaction, context);

  const review: SolanaInstructionReview = {
    type: 'solanaInstruction',
    walletId: wallet.id,
    summary:
      (systemTransfer
        ? `Transfer ${spoken(systemTransfer.amount)} from ${wallet.address} to ${systemTransfer.to} with the ` +
          `System program, paid and signed by ${wallet.address}`
        : `Run an instruction of program ${intent.programAddress} on solana with ${intent.accounts.length} ` +
          `account(s) and ${data.length} byte(s) of data, paid and signed by ${wallet.address} (its data is ` +
          'not decoded: this review cannot show what it moves)') + `; approve before ${blockhash.expiresAt}`,
    programAddress: intent.programAddress,
    accounts: intent.accounts,
    instructionData: { hex: Buffer.from(data).toString('hex'), bytes: data.length },
    systemTransfer,
    feePayer: wallet.address,
    blockhash,
    networkFees: leg.networkFees,
    sourceUrl: intent.sourceUrl ?? null,
  };
  return { type: 'solanaInstruction', action: intent, actions: [leg.action], review, continuation: null };
};

/**
 * The System program transfer out of the paying wallet an instruction is, as the review shows it;
 * read from the transaction as built (where the fee payer is always a writable signer, and an
 * account named twice has its flags merged), as the chain reads it.
 */
async function reviewedSystemTransfer(
  transaction: string,
  { wallet, ports }: PreparationContext,
): Promise<{ amount: ReviewAmount; to: string } | null> {
  // The transaction holds the one instruction.
  const [transfer] = systemTransfersIn(transaction);
  if (transfer === undefined) return null;
  // Solana would fail it (out of an account that does not sign, into a read-only one): refused
  // here rather than reviewed, whoever it is out of (found by a probe: out of another account, it
  // was created, then reverted at approval for its fee).
  if (transfer.refused !== null)
    throw ValidationFailed.field(at('accounts'), `make a System transfer that fails: ${transfer.refused}`);
  if (transfer.from !== wallet.address) return null;
  const sol = ports.tokens.tokenInfo({ network: 'solana', token: null });
  if (!sol) throw new Error('the token directory does not know SOL');
  const prices = await UsdPrices.read(ports.prices, [], [sol]);
  return { amount: reviewAmount(sol, transfer.lamports, prices), to: transfer.to };
}

/**
 * The service signs only with the paying wallet's key: any other signer could never sign the
 * transaction it builds, and a wallet cannot be the program it calls.
 */
function checkSigners(
  intent: SolanaInstructionIntent,
  wallet: PreparationWallet,
  problems: FieldProblems,
): void {
  if (intent.programAddress === wallet.address)
    problems.add(
      at('programAddress'),
      `is wallet ${wallet.id}'s own address, which pays the fee and is not a program`,
    );
  intent.accounts.forEach((account, index) => {
    if (account.isSigner && account.address !== wallet.address)
      problems.add(
        at(`accounts[${index}].isSigner`),
        `only wallet ${wallet.id} (${wallet.address}) signs this transaction; ${account.address} cannot be a signer`,
      );
  });
}

/**
 * Builds the base64 transaction. Past Solana's size limit the refusal names the field to shorten:
 * the accounts when they alone overflow it, the data otherwise.
 */
function buildTransaction(
  intent: SolanaInstructionIntent,
  feePayer: string,
  data: Uint8Array,
  recentBlockhash: string,
): string {
  const input = {
    feePayer,
    programAddress: intent.programAddress,
    accounts: intent.accounts,
    recentBlockhash,
  };
  try {
    return buildInstructionTransaction(extend(input, { data })).transactionBase64;
  } catch (error) {
    if (!(error instanceof TransactionTooLarge)) throw error;
    const accountsOverflow = !fitsWithoutData(input);
    throw ValidationFailed.field(
      at(accountsOverflow ? 'accounts' : 'data'),
      `makes the transaction ${error.size} bytes, over Solana's ${MAX_TRANSACTION_BYTES}-byte limit` +
        (accountsOverflow ? ' even without instruction data' : ''),
    );
  }
}

function fitsWithoutData(input: Omit<InstructionTransactionInput, 'data'>): boolean {
  try {
    buildInstructionTransaction(extend(input, { data: new Uint8Array(0) }));
    return true;
  } catch (error) {
    if (error instanceof TransactionTooLarge) return false;
    throw error;
  }
}
