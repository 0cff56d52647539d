import type { FieldProblems } from '../../preparation/field-problems';
import { type IntentArm, at } from './intent-arm';
import { REQUIRED, fail, readObject } from './intent-fields';
import { readRecipientAddress } from './recipient';
import type {
  SolanaAccountMeta,
  SolanaDataPart,
  SolanaInstructionIntent,
  SolanaTransactionIntent,
} from './shape-b-intent';
import { MAX_SOLANA_TRANSACTION_BYTES, readDataPart } from './solana-data-part';

/** A legacy Solana transaction cannot reference more accounts than this. */
export const MAX_INSTRUCTION_ACCOUNTS = 64;
export const MAX_TRANSACTION_BASE64_LENGTH = MAX_SOLANA_TRANSACTION_BYTES * 2;

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** `solanaInstruction` (rule 9): the program, its ordered accounts and ordered data parts. */
export const SOLANA_INSTRUCTION_ARM: IntentArm<SolanaInstructionIntent> = {
  fields: ['programAddress', 'accounts', 'data'],
  read(intent, problems) {
    const programAddress = readRecipientAddress(
      intent.programAddress,
      at('programAddress'),
      problems,
      'solana',
    );
    const accounts = readList(
      intent.accounts,
      at('accounts'),
      problems,
      MAX_INSTRUCTION_ACCOUNTS,
      readAccount,
    );
    const data = readList(intent.data, at('data'), problems, MAX_SOLANA_TRANSACTION_BYTES, readDataPart);
    if (!programAddress || !accounts || !data) return null;
    return { programAddress, accounts, data: data as SolanaDataPart[] };
  },
};

function readList<T>(
  value: unknown,
  path: string,
  problems: FieldProblems,
  max: number,
  readItem: (item: unknown, path: string, problems: FieldProblems) => T | null,
): T[] | null {
  if (value === undefined) return fail(problems, path, REQUIRED);
  if (!Array.isArray(value) || value.length > max)
    return fail(problems, path, `must be an array of at most ${max} items`);
  const items = value.map((item, index) => readItem(item, `${path}[${index}]`, problems));
  return items.every((item) => item !== null) ? (items as T[]) : null;
}

function readAccount(value: unknown, path: string, problems: FieldProblems): SolanaAccountMeta | null {
  const account = readObject(value, path, problems, ['address', 'isSigner', 'isWritable']);
  if (!account) return null;
  const address = readRecipientAddress(account.address, `${path}.address`, problems, 'solana');
  const flag = (key: 'isSigner' | 'isWritable'): boolean | null =>
    typeof account[key] === 'boolean'
      ? account[key]
      : fail(problems, `${path}.${key}`, account[key] === undefined ? REQUIRED : 'must be true or false');
  const [isSigner, isWritable] = [flag('isSigner'), flag('isWritable')];
  if (address === null || isSigner === null || isWritable === null) return null;
  return { address, isSigner, isWritable };
}

/** `solanaTransaction`: supplied bytes, standard base64, kept byte-for-byte (its blockhash must be recent). */
export const SOLANA_TRANSACTION_ARM: IntentArm<SolanaTransactionIntent> = {
  fields: ['transaction'],
  read(intent, problems) {
    const transaction = intent.transaction;
    if (transaction === undefined) return fail(problems, at('transaction'), REQUIRED);
    if (
      typeof transaction !== 'string' ||
      transaction.length === 0 ||
      transaction.length > MAX_TRANSACTION_BASE64_LENGTH ||
      !BASE64.test(transaction)
    )
      return fail(
        problems,
        at('transaction'),
        `must be non-empty standard base64 (with padding) of at most ${MAX_TRANSACTION_BASE64_LENGTH} characters`,
      );
    return { transaction };
  },
};
